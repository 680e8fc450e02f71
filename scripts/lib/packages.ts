// The @encore-wallet/* packages under packages/, and their build: TypeScript's own build mode
// over the project references (`tsc -b packages`, what `npm run build:packages` runs), which
// builds each package after the packages it depends on.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT: string = resolve(import.meta.dirname, '..', '..');

export interface WorkspacePackage {
  name: string;
  /** Absolute path of packages/<dir>. */
  dir: string;
}

export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(join(ROOT, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(ROOT, 'packages', entry.name);
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string };
      return { name: json.name, dir };
    });
}

/** Builds every package's dist/ (only what changed since the last build). */
export function buildPackages(): WorkspacePackage[] {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-b', 'packages'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return workspacePackages();
}
