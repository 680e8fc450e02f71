// Runs the repository's shell scripts as `make` does, against stub programs in a temp dir.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO_ROOT = new URL('../../../', import.meta.url).pathname;

export interface Sandbox {
  dir: string;
  /** Writes an executable `name` (under `dir`) with `body`; returns its path. */
  stub(name: string, body: string): string;
  /** Links `name` (under `dir`) to an existing program; returns the link's path. */
  link(name: string, target: string): string;
  remove(): void;
}

export function makeSandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'encore-scripts-'));
  const place = (name: string): string => {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    return path;
  };
  return {
    dir,
    stub(name, body) {
      const path = place(name);
      // Never write through a link left there earlier: it may point at a real program.
      rmSync(path, { force: true });
      writeFileSync(path, body);
      chmodSync(path, 0o755);
      return path;
    },
    link(name, target) {
      const path = place(name);
      symlinkSync(target, path);
      return path;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BashResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `bash -c script` or `bash file args…` with exactly `env` (plus nothing from this process). */
export function runBash(args: string[], env: Record<string, string>): BashResult {
  const result = spawnSync('/bin/bash', args, { cwd: REPO_ROOT, env, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
