// The installable packages under packages/, read from their own package.json: each subpath of
// `exports` (and each `bin`) is built from the file of the same name in the package's src/
// (`./dist/storage.js` from `src/storage.ts`), which re-exports the repository's own sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT: string = resolve(import.meta.dirname, '..', '..');
export const PACKAGES_DIR: string = join(ROOT, 'packages');

export interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, string | { types: string; default: string }>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Workspace {
  name: string;
  /** Absolute path of packages/<dir>. */
  dir: string;
  json: PackageJson;
  /** Output name (`index`, `storage`, `bin`) → absolute source path. */
  entries: Map<string, string>;
  /** The entries of `exports` (a bin has no declarations: nothing imports it). */
  typedEntries: Map<string, string>;
  /** Bare specifiers this package may import: its dependencies and peer dependencies. */
  dependencies: Set<string>;
}

function entriesOf(dir: string, targets: string[]): Map<string, string> {
  return new Map(
    targets
      .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'))
      .map((target) => {
        const name = target.slice('./dist/'.length, -'.js'.length);
        return [name, join(dir, 'src', `${name}.ts`)];
      }),
  );
}

export function readWorkspaces(): Workspace[] {
  return readdirSync(PACKAGES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(PACKAGES_DIR, entry.name);
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
      const exported = Object.values(json.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : [target.default],
      );
      return {
        name: json.name,
        dir,
        json,
        entries: entriesOf(dir, [...exported, ...Object.values(json.bin ?? {})]),
        typedEntries: entriesOf(dir, exported),
        dependencies: new Set([
          ...Object.keys(json.dependencies ?? {}),
          ...Object.keys(json.peerDependencies ?? {}),
        ]),
      };
    });
}

/**
 * Repository modules another package provides: every module a sibling's entry re-exports, mapped
 * to that sibling's name. A package that depends on the sibling imports them from it instead of
 * carrying its own copy (one BackendError class per install, so `instanceof` holds).
 */
export function providedModules(workspace: Workspace, all: Workspace[]): Map<string, string> {
  const provided = new Map<string, string>();
  for (const sibling of all) {
    if (sibling === workspace || !workspace.dependencies.has(sibling.name)) continue;
    const index = sibling.entries.get('index');
    if (!index) continue;
    const source = readFileSync(index, 'utf8');
    for (const file of ts.preProcessFile(source, true, true).importedFiles) {
      if (file.fileName.startsWith('.')) {
        provided.set(resolve(dirname(index), file.fileName), sibling.name);
      }
    }
  }
  return provided;
}

/** `lib/hedgehog/index.ts` for an absolute path inside the repository. */
export function repoPath(absolute: string): string {
  return relative(ROOT, absolute).split('\\').join('/');
}

/** `zod` for `zod/mini`, `@hono/node-server` for `@hono/node-server/conninfo`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
