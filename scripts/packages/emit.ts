// One TypeScript program over every package's entries emits, in memory, the JavaScript and the
// declarations of each source file they reach: one module out per module in (ES2022, ESM), so a
// site's bundler can drop whole modules a page never uses (`sideEffects: false`), and each class
// exists once per package whichever subpath reaches it.
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT, type Workspace } from './workspace.ts';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  declaration: true,
  // The sources import `./x.ts`; the specifiers are rewritten again when files are placed.
  rewriteRelativeImportExtensions: true,
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  skipLibCheck: true,
  rootDir: ROOT,
  outDir: join(ROOT, '.packages-out'),
  newLine: ts.NewLineKind.LineFeed,
};

/** Emitted files by repository path: `lib/hedgehog/index.js`, `lib/hedgehog/index.d.ts`. */
export function emitPackages(workspaces: readonly Workspace[]): Map<string, string> {
  const entries = workspaces.flatMap((w) => [...w.entries.values()]);
  const program = ts.createProgram(entries, COMPILER_OPTIONS);
  const outDir = COMPILER_OPTIONS.outDir as string;
  const emitted = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) =>
    emitted.set(relative(outDir, fileName).split('\\').join('/'), text),
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
