// Builds the installable packages under packages/ (all, or those whose directory is named) into
// their dist/ folders: JavaScript with esbuild,
// declarations with TypeScript. Fails on an import a package does not declare and on a declared
// dependency its built code never imports.
import { basename } from 'node:path';
import { buildJs } from './build-js.ts';
import { emitDeclarations, writeDeclarations } from './build-types.ts';
import { providedModules, readWorkspaces } from './workspace.ts';

export interface BuiltPackage {
  name: string;
  dir: string;
  /** Dependencies the built JavaScript and declarations import. */
  imports: string[];
}

export async function buildPackages(only: readonly string[] = []): Promise<BuiltPackage[]> {
  const all = readWorkspaces();
  const chosen = only.length ? all.filter((w) => only.includes(basename(w.dir))) : all;
  if (chosen.length !== (only.length || all.length)) {
    throw new Error(
      `no such package: ${only.filter((n) => !chosen.some((w) => basename(w.dir) === n)).join(', ')}`,
    );
  }
  const emitted = emitDeclarations(chosen);
  const built: BuiltPackage[] = [];
  for (const workspace of chosen) {
    const provided = providedModules(workspace, all);
    const js = await buildJs(workspace, provided);
    const types = await writeDeclarations(workspace, provided, emitted);
    const imports = new Set([...js, ...types]);
    const unused = [...workspace.dependencies].filter((d) => !imports.has(d));
    if (unused.length) {
      throw new Error(`${workspace.name} declares ${unused.join(', ')} but never imports it`);
    }
    built.push({ name: workspace.name, dir: workspace.dir, imports: [...imports].sort() });
  }
  return built;
}
