// The packages as a music site gets them: built, packed with `npm pack`, installed from those
// tarballs into a project outside the repository, and used there the way the site would: a Node
// script compiled by the site's own tsc (node16), CommonJS require(), a Vite app in Chromium against
// the packed `encore-server` bin, and the catalog read from the dev catalog. publint and
// @arethetypeswrong/cli judge the very tarballs installed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevCatalog, startDevCatalog } from '../../../dev-catalog/index.ts';
import { ROOT } from '../../../scripts/lib/packages.ts';
import { fixtures } from '../../support/hedgehog-vectors.ts';
import { SHARED_FIXTURES } from '../../support/shared-fixtures.ts';
import { installPackedSite, type PackedSite } from './support/packed-site.ts';
import { run } from './support/run.ts';
import { startServerBin } from './support/server-bin.ts';
import { serveStaticFiles } from './support/static-files.ts';

const PASSWORD = 'violet tram plays 7 encores';
let site: PackedSite;
let catalog: DevCatalog;
let dataDir: string;

beforeAll(async () => {
  [site, catalog, dataDir] = await Promise.all([
    installPackedSite(),
    startDevCatalog({ port: 0, hosts: 2, seed: 3 }),
    mkdtemp(join(tmpdir(), 'encore-packed-data-')),
  ]);
}, 300_000);

afterAll(async () => {
  await catalog?.close();
  await site?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const tsc = (project: string): Promise<string> =>
  run('node', [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: site.dir });

/** A user of the dev catalog and how the site's page shows them. */
function artist(index: number): { wallet: string; id: string; handle: string; shown: string } {
  const user = catalog.dataset.users[index]!;
  const followers = catalog.dataset.followers.get(user.id)?.length ?? 0;
  return {
    wallet: user.wallet,
    id: user.id,
    handle: user.handle,
    shown: `${user.name} (@${user.handle}), ${followers} followers`,
  };
}

describe('the packed packages', () => {
  it('publint and @arethetypeswrong/cli find nothing to fix in any tarball', async () => {
    expect([...site.tarballs.keys()].sort()).toEqual([
      '@encore-wallet/backend-client',
      '@encore-wallet/calls',
      '@encore-wallet/catalog',
      '@encore-wallet/contract',
      '@encore-wallet/core',
      '@encore-wallet/key-holder',
      '@encore-wallet/server',
      '@encore-wallet/utils',
    ]);
    const attw = join(ROOT, 'node_modules', '.bin', 'attw');
    const problems = await Promise.all(
      [...site.tarballs].map(async ([name, tarball]) => {
        const bytes = await readFile(tarball);
        const { messages } = await publint({
          pack: {
            tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
          },
          level: 'suggestion',
          strict: true,
        });
        // ESM only, on purpose: the profile leaves out `require` from CommonJS under node16 rules
        // and node10 resolution (see docs/packages.md); everything else must be green.
        const types = await run(attw, [tarball, '--profile', 'esm-only', '--format', 'ascii'], {
          cwd: ROOT,
        }).then(
          () => [],
          (error: Error) => [error.message],
        );
        return {
          name,
          publint: messages.map((m) => `${m.type} ${m.code} at ${m.path.join('.')}`),
          types,
        };
      }),
    );
    expect(problems.filter((p) => p.publint.length > 0 || p.types.length > 0)).toEqual([]);
  });

  it('a Node site compiled by its own tsc (node16) opens the held vectors, runs the backend mounted in Hono and in node:http, and reads the catalog', async () => {
    await tsc('node');
    const star = artist(4);
    const out = await run(
      'node',
      [
        join('node', 'dist', 'check.js'),
        join(SHARED_FIXTURES, 'hedgehog', 'vectors.json'),
        dataDir,
        catalog.hostListUrl,
        star.wallet,
      ],
      { cwd: site.dir },
    );
    const report = JSON.parse(out);
    expect(report.vectors).toEqual(
      fixtures.vectors.map((v) => ({
        name: v.name,
        lookupKey: v.lookupKey,
        entropy: v.entropy,
        address: v.address,
        mnemonic: v.mnemonic,
      })),
    );
    // Through the backend client: the same wallet on login, a wrong password is "no account",
    // a taken username is the contract's BackendError 409, and a restore that would take it is
    // UsernameTakenError: the classes are one across the packages.
    const used = {
      sameAddress: true,
      phraseChecks: true,
      wrongPassword: true,
      taken: 409,
      restoreTaken: true,
    };
    expect(report.hono).toEqual({ site: 'the site', ...used });
    expect(report.http).toEqual(used);
    expect(report.engines).toEqual(['sqlite', 'sqlite']);
    expect(report.artist).toEqual({ id: star.id, handle: star.handle });
  }, 120_000);

  it('CommonJS require() loads every package on this Node (require of ES modules)', async () => {
    const [v] = fixtures.vectors;
    const out = await run('node', [join('node', 'require.cjs'), v!.username, v!.password], {
      cwd: site.dir,
    });
    expect(JSON.parse(out)).toEqual({
      functions: ['function', 'function', 'function', 'function', 'function'],
      sameBackendError: true,
      lookupKey: v!.lookupKey,
    });
  });

  it('the declarations type-check in a Node project without the DOM library (node16, skipLibCheck off)', async () => {
    await tsc(join('node', 'tsconfig.no-dom.json'));
  }, 90_000);

  describe('a Vite app in Chromium', () => {
    let browser: Browser;
    const closers: (() => Promise<void>)[] = [];

    afterAll(async () => {
      for (const close of closers.reverse()) await close();
    });

    it('type-checks (bundler resolution), builds, signs up and logs in against the packed bin, and shows an artist from the catalog', async () => {
      // The site's own type check and build, side by side.
      await Promise.all([
        tsc('app'),
        run(
          'node',
          [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', 'app', '--logLevel', 'warn'],
          {
            cwd: site.dir,
          },
        ),
      ]);
      const files = await serveStaticFiles(join(site.dir, 'app', 'dist'));
      closers.push(() => files.close());
      const backend = await startServerBin(site.dir, {
        DATABASE_URL: `sqlite:${join(dataDir, 'bin.sqlite')}`,
        CORS_ORIGINS: files.url,
      });
      closers.push(() => backend.close());
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      closers.push(() => browser.close());

      const star = artist(7);
      const appUrl = `${files.url}/?${new URLSearchParams({
        backend: backend.url,
        catalog: catalog.hostListUrl,
        artist: star.wallet,
      })}`;
      const open = async (context: Awaited<ReturnType<Browser['newContext']>>) => {
        const page = await context.newPage();
        await page.goto(appUrl);
        await page.locator('body[data-ready="true"]').waitFor();
        return page;
      };
      const value = (page: Awaited<ReturnType<typeof open>>, id: string) =>
        page.locator(`#${id}`).evaluate((e) => (e as HTMLOutputElement).value);
      const press = async (page: Awaited<ReturnType<typeof open>>, button: string) => {
        const done = await page.evaluate(() => Number(document.body.dataset.actions ?? 0));
        await page.click(`#${button}`);
        await page.waitForFunction(
          (before) => Number(document.body.dataset.actions ?? 0) > before,
          done,
        );
      };

      const first = await open(await browser.newContext());
      expect(await value(first, 'artist')).toBe(star.shown);
      await first.fill('#username', 'packed-ada');
      await first.fill('#password', PASSWORD);
      await press(first, 'sign-up');
      expect(await value(first, 'error')).toBe('');
      const address = await value(first, 'address');
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // The site's bundler kept the core's scrypt worker (started by the core's warm-up as the
      // page loaded): one derivation of the sign-up ran there.
      const workers = first.workers().map((worker) => worker.url());
      expect(workers).toHaveLength(1);
      expect(workers[0]).toMatch(/^blob:/);

      // A reload reopens the session the page's localStorage holds.
      await first.reload();
      await first.locator('body[data-ready="true"]').waitFor();
      expect(await value(first, 'address')).toBe(address);
      await press(first, 'log-out');
      expect(await value(first, 'address')).toBe('logged out');

      // Another browser: the same username and password, the same wallet.
      const second = await open(await browser.newContext());
      await second.fill('#username', 'Packed-Ada');
      await second.fill('#password', PASSWORD);
      await press(second, 'log-in');
      expect(await value(second, 'address')).toBe(address);
      // The name is taken: the backend client's 409 is the wallet core's BackendError.
      await second.fill('#username', 'packed-ada');
      await second.fill('#password', 'a different long passphrase 9');
      await press(second, 'sign-up');
      expect(await value(second, 'error')).toBe('BackendError 409');
      await second.fill('#password', `${PASSWORD}?`);
      await press(second, 'log-in');
      expect(await value(second, 'error')).toBe('ACCOUNT_NOT_FOUND');
      expect(backend.output()).toMatch(/\(sqlite\)/);
    }, 150_000);
  });
});
