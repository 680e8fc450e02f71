// The repository's import graph as the architecture tests read it: every import of a source file
// (static, `export … from`, `import type`, dynamic `import()`), read with TypeScript's own
// pre-processor, and the packages under packages/ as their package.json and tsconfig.json say.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT, workspacePackages } from '../../../../scripts/lib/packages.ts';

export { ROOT };

/** Folders never read: installs and builds. */
const SKIPPED = new Set(['node_modules', 'dist', '.output', '.wxt', 'test-results']);
/** The packed-site fixture: a music site's own project, installed outside the repository. */
const SITE_FIXTURE = 'tests/integration/packages/site';

export interface ImportEdge {
  /** Repository path of the importing file. */
  from: string;
  /** A repository path for a relative import, else the specifier as written. */
  to: string;
  relative: boolean;
}

export interface RepoPackage {
  name: string;
  /** `packages/core`. */
  folder: string;
  /** The subpaths of `exports`: `.`, `./storage`, `./package.json`. */
  exports: Set<string>;
  /** Dependencies and peer dependencies. */
  dependencies: Set<string>;
  /** The packages its tsconfig.json references, by folder name (`contract`). */
  references: string[];
}

export function sourceFilesUnder(folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        return SKIPPED.has(entry.name) || path === SITE_FIXTURE ? [] : walk(path);
      }
      return /\.(?:ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  return folders.filter((f) => existsSync(join(ROOT, f))).flatMap(walk);
}

export function importEdges(files: readonly string[]): ImportEdge[] {
  return files.flatMap((from) =>
    ts
      .preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true)
      .importedFiles.map(({ fileName }) =>
        fileName.startsWith('.')
          ? {
              from,
              to: relative(ROOT, resolve(ROOT, dirname(from), fileName))
                .split('\\')
                .join('/'),
              relative: true,
            }
          : { from, to: fileName, relative: false },
      ),
  );
}

/** `zod` for `zod/mini`, `@encore-wallet/utils` for `@encore-wallet/utils/errors`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

export function repoPackages(): RepoPackage[] {
  return workspacePackages().map(({ dir }) => {
    const folder = relative(ROOT, dir).split('\\').join('/');
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const tsconfig = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile).config as {
      references?: { path: string }[];
    };
    return {
      name: json.name,
      folder,
      exports: new Set(Object.keys(json.exports)),
      dependencies: new Set([
        ...Object.keys(json.dependencies ?? {}),
        ...Object.keys(json.peerDependencies ?? {}),
      ]),
      references: (tsconfig.references ?? []).map((r) => posix.basename(r.path)),
    };
  });
}
