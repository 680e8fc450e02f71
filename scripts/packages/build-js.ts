// A package's JavaScript: esbuild bundles each entry with the repository sources it reaches
// (lib/encoding, lib/http, …), split into shared chunks so every subpath shares one copy of each
// class. npm dependencies, sibling packages and Node's modules stay imports. Output: ESM, ES2022,
// not minified (the site's bundler minifies; stack traces stay readable).
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { packageNameOf, repoPath, type Workspace } from './workspace.ts';

/** Imports a package may not make: a dependency it does not declare would be bundled silently. */
function importsOnlyWhatItDeclares(
  workspace: Workspace,
  provided: Map<string, string>,
  used: Set<string>,
): Plugin {
  return {
    name: 'encore:imports',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path.startsWith('.')) {
          const sibling = provided.get(resolve(args.resolveDir, args.path));
          if (!sibling) return undefined;
          used.add(sibling);
          return { path: sibling, external: true };
        }
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = packageNameOf(args.path);
        if (!workspace.dependencies.has(name)) {
          return {
            errors: [
              {
                text: `${repoPath(args.importer)} imports ${args.path}, which ${workspace.name} does not declare`,
              },
            ],
          };
        }
        used.add(name);
        return { path: args.path, external: true };
      });
    },
  };
}

/** Builds dist/*.js; returns the dependencies the built code imports. */
export async function buildJs(
  workspace: Workspace,
  provided: Map<string, string>,
): Promise<Set<string>> {
  const outdir = join(workspace.dir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  const used = new Set<string>();
  await build({
    entryPoints: Object.fromEntries(workspace.entries),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    plugins: [importsOnlyWhatItDeclares(workspace, provided, used)],
  });
  return used;
}
