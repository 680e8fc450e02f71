// The repository's relative imports, read with TypeScript's own pre-processor (static imports,
// `export … from`, `import type`, dynamic `import()` and `require`), as repo-relative paths.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export interface ModuleImport {
  /** Importing file, relative to the repository root (`server/app.ts`). */
  from: string;
  /** Imported file or folder, relative to the repository root (`lib/backend/contract.ts`). */
  target: string;
}

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;

/** Every source file below `folder` (repo-relative), generated code included. */
export function sourceFilesUnder(folder: string): string[] {
  const entries = readdirSync(join(REPO_ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(REPO_ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** The relative imports of one repo-relative file; package imports are left out. */
export function importsOf(file: string): ModuleImport[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter((f) => f.fileName.startsWith('.'))
    .map((f) => ({
      from: file,
      target: relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), f.fileName)),
    }));
}
