// Builds the installable packages under packages/ (all, or those whose directory is named) into
// their dist/ folders with TypeScript's own emit (JavaScript and declarations, module per
// module). Fails on an import a package does not declare and on a declared dependency its built
// code never imports.
import { basename } from 'node:path';
import { emitPackages } from './emit.ts';
import { placeFiles } from './place-files.ts';
import { providedModules, readWorkspaces } from './workspace.ts';

export interface BuiltPackage {
  name: string;
  dir: string;
  /** Dependencies the built JavaScript or declarations import. */
  imports: string[];
}

export async function buildPackages(only: readonly string[] = []): Promise<BuiltPackage[]> {
  const all = readWorkspaces();
  const chosen = only.length ? all.filter((w) => only.includes(basename(w.dir))) : all;
  const unknown = only.filter((n) => !chosen.some((w) => basename(w.dir) === n));
  if (unknown.length) throw new Error(`no such package: ${unknown.join(', ')}`);
  const emitted = emitPackages(chosen);
  const built: BuiltPackage[] = [];
  for (const workspace of chosen) {
    const placed = await placeFiles(workspace, providedModules(workspace, all), emitted);
    const imports = new Set([...placed.runtime, ...placed.types]);
    const unused = [...workspace.dependencies].filter((d) => !imports.has(d));
    if (unused.length) {
      throw new Error(`${workspace.name} declares ${unused.join(', ')} but never imports it`);
    }
    built.push({ name: workspace.name, dir: workspace.dir, imports: [...imports].sort() });
  }
  return built;
}
