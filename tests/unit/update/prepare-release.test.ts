// The release cache: a finished entry is reused, an interrupted or failed one is redone, and
// concurrent runs install once. `npm` is replaced by a stand-in on PATH that records each call.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareRelease, ReleaseError, resolveRelease } from '../../support/release/index.ts';

const saved = { ...process.env };
let dir = '';
let calls = '';

async function npmCalls(): Promise<number> {
  try {
    return (await readFile(calls, 'utf8')).split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-release-cache-'));
  calls = join(dir, 'npm-calls');
  const bin = join(dir, 'bin');
  await mkdir(bin);
  await writeFile(
    join(bin, 'npm'),
    '#!/bin/sh\necho "$*" >> "$FAKE_NPM_CALLS"\n[ -n "$FAKE_NPM_FAIL" ] && exit 1\nmkdir -p node_modules/.bin\n',
  );
  await chmod(join(bin, 'npm'), 0o755);
  process.env.PATH = `${bin}:${process.env.PATH}`;
  process.env.FAKE_NPM_CALLS = calls;
  process.env.ENCORE_RELEASE_CACHE = join(dir, 'cache');
});

afterEach(async () => {
  process.env = { ...saved };
  await rm(dir, { recursive: true, force: true });
});

const quiet = (): void => undefined;

describe('prepareRelease', () => {
  it('checks the release out from git and installs it once; later runs reuse it', async () => {
    const release = await resolveRelease('v0.1.0');
    const prepared = await prepareRelease(release, quiet);
    expect(prepared.dir).toBe(join(dir, 'cache', release.sha));
    expect(JSON.parse(await readFile(join(prepared.dir, 'package.json'), 'utf8')).version).toBe(
      '0.1.0',
    );
    expect(await readFile(calls, 'utf8')).toBe('install --no-audit --no-fund\n');
    await prepareRelease(release, quiet);
    expect(await npmCalls()).toBe(1);
  });

  it('redoes an entry whose install was cut off (no completion marker)', async () => {
    const release = await resolveRelease('v0.1.0');
    const entry = join(dir, 'cache', release.sha);
    await mkdir(join(entry, 'node_modules', 'half-installed'), { recursive: true });
    await writeFile(join(entry, 'package.json'), '{}');
    await prepareRelease(release, quiet);
    expect(await npmCalls()).toBe(1);
    await expect(readFile(join(entry, 'node_modules', 'half-installed', 'x'))).rejects.toThrow();
    expect(JSON.parse(await readFile(join(entry, 'package.json'), 'utf8')).name).toBe('encore');
  });

  it('leaves no completed entry when the install fails, and retries on the next run', async () => {
    const release = await resolveRelease('v0.1.0');
    process.env.FAKE_NPM_FAIL = '1';
    await expect(prepareRelease(release, quiet)).rejects.toMatchObject({ code: 'COMMAND_FAILED' });
    delete process.env.FAKE_NPM_FAIL;
    await prepareRelease(release, quiet);
    expect(await npmCalls()).toBe(2);
  });

  it('installs once when two runs prepare the same release at the same time', async () => {
    const release = await resolveRelease('v0.1.0');
    await Promise.all([prepareRelease(release, quiet), prepareRelease(release, quiet)]);
    expect(await npmCalls()).toBe(1);
  });
});

describe('resolveRelease', () => {
  it('refuses a release the releases file does not list', async () => {
    await expect(resolveRelease('v9.9.9')).rejects.toBeInstanceOf(ReleaseError);
    await expect(resolveRelease('v9.9.9')).rejects.toMatchObject({ code: 'UNKNOWN_RELEASE' });
  });
});
