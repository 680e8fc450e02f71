// The backend on a SQLite file whose WAL fsync the test controls (support/controlled-fsync.ts),
// served as startServer serves it: the lookup fast path in front of the Hono app.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ControlledFsync,
  controlledFsync,
} from '../../../../tests/support/backend/controlled-fsync.ts';
import { type AppDeps, createFetchHandler, createRequestListener } from '../../src/app.ts';
import { createOriginMatcher } from '../../src/http/origin-matcher.ts';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimitOptions,
} from '../../src/rate-limit/rate-limiter.ts';
import { openSqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

export interface SqliteServerWithFsync {
  url: string;
  store: Store;
  fsync: ControlledFsync;
  close(): Promise<void>;
}

export async function startSqliteServerWithFsync(
  options: { rateLimit?: Partial<RateLimitOptions>; trustProxy?: number } = {},
): Promise<SqliteServerWithFsync> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-fsync-'));
  const fsync = controlledFsync();
  const store = openSqliteStore(join(dir, 'db.sqlite'), { syncFile: fsync.syncFile });
  const deps: AppDeps = {
    store,
    limiter: createRateLimiter(store, { ...DEFAULT_RATE_LIMIT, ...options.rateLimit }),
    isAllowedOrigin: createOriginMatcher(['chrome-extension://*']),
    trustProxy: options.trustProxy ?? 0,
  };
  const listener = createRequestListener(deps, createFetchHandler(deps), {
    hostname: '127.0.0.1',
    overrideGlobalObjects: false,
  });
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    fsync,
    async close() {
      fsync.hold = false;
      fsync.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
