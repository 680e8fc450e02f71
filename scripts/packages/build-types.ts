// Type declarations: one TypeScript program over every package's entries emits the .d.ts of each
// source file they reach (in memory); each package then takes the files its entries reach, entry
// declarations beside their .js (`dist/storage.d.ts`), the rest under `dist/types/` in the
// repository's layout, with every relative import rewritten for the new place and modules a
// sibling package provides imported from it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { packageNameOf, ROOT, repoPath, type Workspace } from './workspace.ts';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  declaration: true,
  emitDeclarationOnly: true,
  allowImportingTsExtensions: true,
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  skipLibCheck: true,
  rootDir: ROOT,
  outDir: join(ROOT, '.types-out'),
};

/** Every reached source file's declarations, by repository path (`lib/hedgehog/index.d.ts`). */
export function emitDeclarations(workspaces: Workspace[]): Map<string, string> {
  const entries = workspaces.flatMap((w) => [...w.typedEntries.values()]);
  const program = ts.createProgram(entries, COMPILER_OPTIONS);
  const outDir = COMPILER_OPTIONS.outDir as string;
  const emitted = new Map<string, string>();
  const result = program.emit(
    undefined,
    (fileName, text) => emitted.set(relative(outDir, fileName).split('\\').join('/'), text),
    undefined,
    true,
  );
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  if (problems.length > 0) {
    throw new Error(
      ts.formatDiagnostics(problems, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => ROOT,
        getNewLine: () => '\n',
      }),
    );
  }
  return emitted;
}

/** Where a reached declaration goes in the package, relative to the package directory. */
function placeOf(workspace: Workspace, declaration: string): string {
  for (const [name, source] of workspace.typedEntries) {
    if (`${repoPath(source).slice(0, -'.ts'.length)}.d.ts` === declaration) {
      return `dist/${name}.d.ts`;
    }
  }
  return `dist/types/${declaration}`;
}

function relativeSpecifier(fromPlace: string, toPlace: string): string {
  const spec = posix.relative(posix.dirname(fromPlace), toPlace).replace(/\.d\.ts$/, '.js');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/**
 * Writes the package's declarations; returns the bare specifiers they import (npm packages and
 * siblings), which a consumer's type check needs installed.
 */
export async function writeDeclarations(
  workspace: Workspace,
  provided: Map<string, string>,
  emitted: Map<string, string>,
): Promise<Set<string>> {
  const providedDeclarations = new Map(
    [...provided].map(([source, name]) => [
      `${repoPath(source).slice(0, -'.ts'.length)}.d.ts`,
      name,
    ]),
  );
  const bare = new Set<string>();
  const queue = [...workspace.typedEntries.values()].map(
    (source) => `${repoPath(source).slice(0, -'.ts'.length)}.d.ts`,
  );
  const seen = new Set(queue);
  while (queue.length > 0) {
    const declaration = queue.shift() as string;
    const text = emitted.get(declaration);
    if (text === undefined) throw new Error(`no declarations emitted for ${declaration}`);
    const place = placeOf(workspace, declaration);
    let rewritten = '';
    let at = 0;
    for (const file of ts.preProcessFile(text, true, true).importedFiles) {
      let specifier = file.fileName;
      if (specifier.startsWith('.')) {
        // Declarations keep the sources' `.ts` specifiers; either way the target is its .d.ts.
        const target = posix
          .join(posix.dirname(declaration), specifier)
          .replace(/\.(?:js|ts)$/, '.d.ts');
        const sibling = providedDeclarations.get(target);
        if (sibling) {
          specifier = sibling;
          bare.add(sibling);
        } else {
          specifier = relativeSpecifier(place, placeOf(workspace, target));
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
        }
      } else if (!specifier.startsWith('node:')) {
        bare.add(packageNameOf(specifier));
      }
      // `pos` is the opening quote's offset; the specifier itself follows it.
      const start = file.pos + 1;
      if (text.slice(start, start + file.fileName.length) !== file.fileName) {
        throw new Error(`cannot place the import of ${file.fileName} in ${declaration}`);
      }
      rewritten += text.slice(at, start) + specifier;
      at = start + file.fileName.length;
    }
    rewritten += text.slice(at);
    const path = join(workspace.dir, place);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, rewritten);
  }
  return bare;
}
