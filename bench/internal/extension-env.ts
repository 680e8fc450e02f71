// What the extension benchmark runs against: the real backend (temp SQLite), the dev catalog, a
// plain local site on two origins, and the extension built against them (the browser tests' build),
// once more pinned to a key holder for hardened records.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { keyRingFrom, newSecretKey, startKeyHolder } from '@encore-wallet/key-holder';
import { startServer } from '@encore-wallet/server';
import { startDevCatalog } from '../../dev-catalog/index.ts';
import { buildExtension } from '../../tests/e2e/support/build-extension.ts';
import { NO_RATE_LIMIT } from '../../tests/support/no-rate-limit.ts';

export interface BenchEnv {
  extensionDir: string;
  /** The same build pinned to a key holder (started here, as `make start` does): hardened records. */
  hardenedExtensionDir: string;
  /** A plain page (no script, a few paragraphs) and the same server as a second origin. */
  siteUrl: string;
  otherSiteUrl: string;
  close(): Promise<void>;
}

const PLAIN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain page</title></head>
<body><h1>A page that does not use a wallet</h1>
${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>\n'.repeat(20)}
</body></html>`;

async function startSite(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    // No caching, so every load of either profile does the same work.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(PLAIN_PAGE);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export async function startBenchEnv(): Promise<BenchEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'encore-bench-'));
  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    for (const fn of closers.reverse()) await fn().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const backend = await startServer({
      port: 0,
      databaseUrl: `sqlite:${join(dataDir, 'backend.sqlite')}`,
      corsOrigins: ['chrome-extension://*'],
      // One address logs in dozens of times; the limiter is not what is measured.
      rateLimit: NO_RATE_LIMIT,
    });
    closers.push(() => backend.close());
    const catalog = await startDevCatalog({ port: 0, hosts: 2, dev: true, seed: 1, users: 20 });
    closers.push(() => catalog.close());
    const site = await startSite();
    closers.push(() => site.close());

    const root = resolve(import.meta.dirname, '..', '..');
    const outDir = join(root, '.output', `bench-${process.pid}`);
    closers.push(() => rm(outDir, { recursive: true, force: true }));
    const buildEnv = {
      WXT_BACKEND_URL: backend.url,
      WXT_CATALOG_HOST_LIST_URL: catalog.hostListUrl,
      WXT_APP_NAME: 'encore-bench',
    };
    const extensionDir = await buildExtension({ outDir, env: buildEnv });
    // The key holder `make start` runs, on a free port; one key, pinned by the second build.
    const keys = keyRingFrom({
      current: 'bench-1',
      keys: [{ id: 'bench-1', secretKey: newSecretKey() }],
    });
    const keyHolder = await startKeyHolder({
      keys,
      databaseUrl: `sqlite:${join(dataDir, 'key-holder.sqlite')}`,
      // One account logs in dozens of times; the guess limits are not what is measured.
      limits: { perAccount: 100_000, perAddress: 100_000 },
    });
    closers.push(() => keyHolder.close());
    const hardenedOutDir = join(root, '.output', `bench-hardened-${process.pid}`);
    closers.push(() => rm(hardenedOutDir, { recursive: true, force: true }));
    const hardenedExtensionDir = await buildExtension({
      outDir: hardenedOutDir,
      env: {
        ...buildEnv,
        WXT_KEY_HOLDER_URL: keyHolder.url,
        WXT_KEY_HOLDER_KEY_ID: 'bench-1',
        WXT_KEY_HOLDER_PUBLIC_KEY: keys.list()[0]?.publicKey ?? '',
      },
    });
    return {
      extensionDir,
      hardenedExtensionDir,
      siteUrl: `http://127.0.0.1:${site.port}/`,
      otherSiteUrl: `http://localhost:${site.port}/`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
