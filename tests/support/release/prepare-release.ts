import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './file-lock.ts';
import { REPO_ROOT, type Release } from './resolve-release.ts';
import { runCommand } from './run-command.ts';

/** A release's source tree with its own installed dependencies. */
export interface PreparedRelease extends Release {
  dir: string;
}

/** Written last: its presence proves the checkout and install finished. */
const MARKER = '.encore-release-ready';

export function releaseCacheRoot(): string {
  return process.env.ENCORE_RELEASE_CACHE || join(homedir(), '.cache', 'encore', 'releases');
}

/** The lock every step that writes into a release's folder takes (install and builds). */
export function releaseLock(release: Release): string {
  return join(releaseCacheRoot(), `${release.sha}.lock`);
}

/**
 * The release's tree at `<cache>/<sha>` with its own `npm install`, made once per commit and
 * reused: a fresh clone with an empty cache rebuilds it from git, by itself. The tree is a `git
 * archive` export rather than a worktree so the cache does not tie itself to one clone's `.git`.
 * An install that was cut off leaves no marker and is redone from scratch.
 */
export async function prepareRelease(
  release: Release,
  log: (message: string) => void = console.log,
): Promise<PreparedRelease> {
  const root = releaseCacheRoot();
  const dir = join(root, release.sha);
  const prepared = { ...release, dir };
  if (await isComplete(dir, release.sha)) return prepared;
  await mkdir(root, { recursive: true });
  return withFileLock(releaseLock(release), async () => {
    // Another run may have finished it while this one waited for the lock.
    if (await isComplete(dir, release.sha)) return prepared;
    const started = Date.now();
    log(`[release] ${release.name}: checking out ${release.sha} into ${dir} and installing`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const archive = `${dir}.tar`;
    await runCommand('git', ['archive', '--format=tar', `--output=${archive}`, release.sha], {
      cwd: REPO_ROOT,
    });
    await runCommand('tar', ['-xf', archive, '-C', dir], { cwd: root });
    await rm(archive, { force: true });
    // `npm install`, not `npm ci`: see the Makefile. The npm cache is shared; node_modules is not.
    await runCommand('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: installEnv(),
    });
    await writeFile(join(dir, MARKER), `${JSON.stringify(markerFor(release.sha))}\n`);
    log(`[release] ${release.name}: ready in ${Math.round((Date.now() - started) / 1000)} s`);
    return prepared;
  });
}

interface Marker {
  sha: string;
  /** Native modules (better-sqlite3) are compiled for one Node ABI. */
  nodeAbi: string;
}

function markerFor(sha: string): Marker {
  return { sha, nodeAbi: process.versions.modules };
}

async function isComplete(dir: string, sha: string): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(join(dir, MARKER), 'utf8')) as Partial<Marker>;
    const expected = markerFor(sha);
    return marker.sha === expected.sha && marker.nodeAbi === expected.nodeAbi;
  } catch {
    return false;
  }
}

/**
 * This process's environment without what `npm run` adds for its own script (the package it
 * runs in, its lifecycle), so the release's install knows only its own folder.
 */
export function installEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !key.startsWith('npm_package_') &&
        !key.startsWith('npm_lifecycle_') &&
        key !== 'npm_config_local_prefix' &&
        key !== 'npm_command' &&
        key !== 'INIT_CWD',
    ),
  );
}
