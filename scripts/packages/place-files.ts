// Puts a package's share of the emitted files into its dist/: each entry beside its name
// (`dist/storage.js`, `dist/storage.d.ts`), every other module it reaches at its repository path
// (`dist/lib/hedgehog/storage.js`). Every relative import is rewritten for the new place, and a
// module a sibling package provides is imported from that package instead.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { packageNameOf, repoPath, type Workspace } from './workspace.ts';

export interface PlacedImports {
  /** Bare specifiers' packages the JavaScript imports (siblings included). */
  runtime: Set<string>;
  /** The same for the declarations (what a consumer's type check needs installed). */
  types: Set<string>;
}

const withoutTs = (source: string): string => repoPath(source).slice(0, -'.ts'.length);

/** The emitted file an import of `specifier` from `file` reaches (`.js` or `.d.ts`, as `file`). */
function target(file: string, specifier: string): string {
  const declaration = file.endsWith('.d.ts');
  const joined = posix.join(posix.dirname(file), specifier).replace(/\.(?:js|ts)$/, '');
  return `${joined}${declaration ? '.d.ts' : '.js'}`;
}

async function placeClosure(
  workspace: Workspace,
  entries: Map<string, string>,
  extension: '.js' | '.d.ts',
  provided: Map<string, string>,
  emitted: Map<string, string>,
): Promise<Set<string>> {
  const placeOf = new Map<string, string>();
  for (const [name, source] of entries)
    placeOf.set(`${withoutTs(source)}${extension}`, `dist/${name}${extension}`);
  const place = (file: string): string => placeOf.get(file) ?? `dist/${file}`;
  const siblings = new Map(
    [...provided].map(([source, name]) => [`${withoutTs(source)}${extension}`, name]),
  );
  const bare = new Set<string>();
  const queue = [...placeOf.keys()];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const text = emitted.get(file);
    if (text === undefined) throw new Error(`nothing was emitted for ${file}`);
    let out = '';
    let at = 0;
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      let specifier = imported.fileName;
      if (specifier.startsWith('.')) {
        const reached = target(file, specifier);
        const sibling = siblings.get(reached);
        if (sibling) {
          specifier = sibling;
          bare.add(sibling);
        } else {
          const relative = posix.relative(posix.dirname(place(file)), place(reached));
          specifier = (relative.startsWith('.') ? relative : `./${relative}`).replace(
            /\.d\.ts$/,
            '.js',
          );
          if (!seen.has(reached)) {
            seen.add(reached);
            queue.push(reached);
          }
        }
      } else if (!specifier.startsWith('node:')) {
        const name = packageNameOf(specifier);
        if (!workspace.dependencies.has(name)) {
          throw new Error(`${file} imports ${specifier}, which ${workspace.name} does not declare`);
        }
        bare.add(name);
      }
      // `pos` is the opening quote's offset; the specifier itself follows it.
      const start = imported.pos + 1;
      if (text.slice(start, start + imported.fileName.length) !== imported.fileName) {
        throw new Error(`cannot place the import of ${imported.fileName} in ${file}`);
      }
      out += text.slice(at, start) + specifier;
      at = start + imported.fileName.length;
    }
    out += text.slice(at);
    const path = join(workspace.dir, place(file));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, out);
  }
  return bare;
}

export async function placeFiles(
  workspace: Workspace,
  provided: Map<string, string>,
  emitted: Map<string, string>,
): Promise<PlacedImports> {
  await rm(join(workspace.dir, 'dist'), { recursive: true, force: true });
  return {
    runtime: await placeClosure(workspace, workspace.entries, '.js', provided, emitted),
    types: await placeClosure(workspace, workspace.typedEntries, '.d.ts', provided, emitted),
  };
}
