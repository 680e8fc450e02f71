// `npm run zip:firefox` makes the store archive and the sources archive addons.mozilla.org asks
// for. The sources archive is the repository as it stands: a developer's local database and logs
// (`make start` writes them under data/) must never go to a store.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support.ts';

const outDir = mkdtempSync(join(tmpdir(), 'encore-zip-'));
const planted = join(REPO_ROOT, 'data', `zip-probe-${process.pid}`);
let entries: string[] = [];

function listZip(path: string): string[] {
  const listing = spawnSync(
    'python3',
    ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', path],
    { encoding: 'utf8' },
  );
  if (listing.status !== 0) throw new Error(listing.stderr);
  return listing.stdout.trim().split('\n');
}

describe('npm run zip:firefox', () => {
  beforeAll(() => {
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, 'encore.sqlite'), 'a wallet record');
    writeFileSync(join(planted, 'backend.log'), 'a log line');
    // The browser suites' build lock: WXT writes the shared .wxt folder.
    const wxt = join(REPO_ROOT, 'node_modules', '.bin', 'wxt');
    const zip = spawnSync(
      'flock',
      ['/tmp/encore-e2e-build.lock', wxt, 'zip', '-b', 'firefox', '--mv3'],
      { cwd: REPO_ROOT, env: { ...process.env, ENCORE_OUT_DIR: outDir }, encoding: 'utf8' },
    );
    if (zip.status !== 0) throw new Error(`wxt zip failed:\n${zip.stdout}\n${zip.stderr}`);
    entries = listZip(join(outDir, 'encore-0.1.0-sources.zip'));
  }, 120_000);
  afterAll(() => {
    rmSync(planted, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it('leaves local databases, logs and dependencies out of the sources archive', () => {
    expect(entries).toContain('wxt.config.ts');
    expect(entries).toContain('package-lock.json');
    expect(entries.filter((entry) => /^data\/|\.sqlite|\.log$|node_modules/.test(entry))).toEqual(
      [],
    );
  });

  it('puts a Firefox manifest with the fixed add-on id in the store archive', () => {
    const store = listZip(join(outDir, 'encore-0.1.0-firefox.zip'));
    expect(store).toContain('manifest.json');
    const manifest = spawnSync(
      'python3',
      [
        '-c',
        'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("manifest.json").decode())',
        join(outDir, 'encore-0.1.0-firefox.zip'),
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(manifest.stdout)).toMatchObject({
      manifest_version: 3,
      background: { scripts: ['background.js'] },
      browser_specific_settings: {
        gecko: { id: 'encore@encore.invalid', strict_min_version: '140.0' },
      },
    });
  });
});
