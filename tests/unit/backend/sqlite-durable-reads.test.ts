// The SQLite store answers only what is on disk (server/store/internal/): after an fsync fails
// the store acknowledges nothing more. The WAL's fsync is the store's `syncFile` seam: the real
// fdatasync, held or failed by the test (tests/integration/backend/support/controlled-fsync.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../server/store/sqlite-store.ts';
import type { Store } from '../../../server/store/store.ts';
import { WriteNotDurableError, WritesStoppedError } from '../../../server/store/store-errors.ts';
import {
  type ControlledFsync,
  controlledFsync,
  fsyncError,
} from '../../integration/backend/support/controlled-fsync.ts';
import { lookupAuth } from './support/lookup-auth.ts';

const record = (n: number) => ({
  lookupKey: n.toString(16).padStart(64, '0'),
  iv: 'cd'.repeat(16),
  cipherText: `${n}`.padStart(32, 'e'),
});

describe('SQLite store: only what is on disk is answered', () => {
  let dir: string;
  let store: Store;
  let sync: ControlledFsync;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'encore-durable-'));
    sync = controlledFsync();
    store = openSqliteStore(join(dir, 'db.sqlite'), { syncFile: sync.syncFile });
  });
  afterEach(async () => {
    sync.hold = false;
    sync.release();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after a failed fsync, answers its records as not durable and takes no more writes', async () => {
    await store.insertAuth(record(1));
    sync.failNext = fsyncError();
    await expect(store.insertAuth(record(2))).rejects.toBeInstanceOf(WriteNotDurableError);
    // What an fsync covered before the failure is served as before, and the limiter still counts.
    expect(await lookupAuth(store, ['a:1'], 0, record(1).lookupKey).answer).toEqual({
      counts: [1],
      record: record(1),
    });
    // Every later write is refused, however well the next fsync would go.
    await expect(store.insertAuth(record(3))).rejects.toBeInstanceOf(WritesStoppedError);
    await expect(
      store.setUser({ username: 'ann', usernameKey: 'ann', walletAddress: '0xa' }),
    ).rejects.toBeInstanceOf(WritesStoppedError);
    expect((await lookupAuth(store, [], 0, record(3).lookupKey).answer).record).toBeNull();
    // The funding and sponsor connection writes nothing more either.
    await expect(store.funding.acquireLease('worker', 0, 1_000)).rejects.toThrow(/readonly/i);
    // And the operator is told.
    await expect(store.ping()).rejects.toBeInstanceOf(WritesStoppedError);
  });
});
