import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ReleaseError } from './errors.ts';
import { runCommand } from './run-command.ts';

/** The repository this file belongs to. */
export const REPO_ROOT: string = resolve(import.meta.dirname, '..', '..', '..');

/** Every published release → its commit. Committed, because a fresh clone may carry no tags. */
export const RELEASES_FILE: string = join(REPO_ROOT, 'tests', 'update', 'releases.json');

const releasesSchema = z.record(
  z.string().regex(/^v\d+\.\d+\.\d+$/, 'release names look like v1.2.3'),
  z.string().regex(/^[0-9a-f]{40}$/, 'commits are full 40-hex SHA-1s'),
);

export interface Release {
  name: string;
  sha: string;
}

export async function readReleases(): Promise<Record<string, string>> {
  const parsed = releasesSchema.safeParse(JSON.parse(await readFile(RELEASES_FILE, 'utf8')));
  if (!parsed.success) {
    throw new ReleaseError('BAD_RELEASES_FILE', `${RELEASES_FILE}: ${parsed.error.message}`);
  }
  return parsed.data;
}

/** The newest release by version number: the one an update starts from. */
export async function latestRelease(): Promise<Release> {
  const names = Object.keys(await readReleases()).sort(compareVersions);
  const name = names[names.length - 1];
  if (!name) throw new ReleaseError('UNKNOWN_RELEASE', `${RELEASES_FILE} lists no release`);
  return resolveRelease(name);
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((name) => name.slice(1).split('.').map(Number)) as [number[], number[]];
  for (let i = 0; i < 3; i++) {
    if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return 0;
}

/**
 * The commit of release `name`: its git tag when the clone has it (which must agree with the
 * releases file: a moved tag is refused), else the commit the releases file records.
 */
export async function resolveRelease(name: string): Promise<Release> {
  const recorded = (await readReleases())[name];
  if (!recorded) {
    throw new ReleaseError('UNKNOWN_RELEASE', `${name} is not listed in ${RELEASES_FILE}`);
  }
  const tagged = await git(['rev-parse', '--verify', '--quiet', `refs/tags/${name}^{commit}`]);
  if (tagged !== null && tagged !== recorded) {
    throw new ReleaseError(
      'TAG_MISMATCH',
      `tag ${name} points at ${tagged}, but ${RELEASES_FILE} records ${recorded}`,
    );
  }
  if ((await git(['cat-file', '-e', `${recorded}^{commit}`])) === null) {
    throw new ReleaseError(
      'COMMIT_MISSING',
      `commit ${recorded} (${name}) is not in this clone; a shallow clone needs \`git fetch --unshallow\``,
    );
  }
  return { name, sha: recorded };
}

/** Trimmed standard output, or null when git says no. */
async function git(args: string[]): Promise<string | null> {
  try {
    return (await runCommand('git', args, { cwd: REPO_ROOT })).trim();
  } catch {
    return null;
  }
}
