// The SQLite store answers only what is on disk (packages/server/src/store/internal/): a lookup of a record
// whose group commit is not yet fsynced waits for that fsync, and after an fsync fails the store
// acknowledges nothing more. The WAL's fsync is the store's `syncFile` seam: the real fdatasync,
// held or failed by the test (tests/support/backend/controlled-fsync.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ControlledFsync,
  controlledFsync,
  fsyncError,
} from '../../../tests/support/backend/controlled-fsync.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import type { Store } from '../src/store/store.ts';
import { WriteNotDurableError, WritesStoppedError } from '../src/store/store-errors.ts';
import { lookupAuth } from './support/lookup-auth.ts';

const record = (n: number) => ({
  lookupKey: n.toString(16).padStart(64, '0'),
  iv: 'cd'.repeat(16),
  cipherText: `${n}`.padStart(32, 'e'),
});

const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

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

  it('does not answer a lookup of a record whose group is not yet fsynced until that fsync completes', async () => {
    sync.hold = true;
    let stored = false;
    const insert = store.insertAuth(record(1)).then((result) => {
      stored = true;
      return result;
    });
    for (let i = 0; i < 20 && sync.held.length === 0; i++) await turns(1);
    expect(sync.held).toHaveLength(1);
    // Committed (visible on the connection) and held before its fsync.
    let answered = false;
    const lookup = lookupAuth(store, ['a:1'], 0, record(1).lookupKey);
    void lookup.answer.then(() => {
      answered = true;
    });
    // A lookup of another key, in the same batch, is not held.
    expect(await lookupAuth(store, ['a:1'], 0, record(2).lookupKey).answer).toEqual({
      counts: [2],
      record: null,
    });
    await turns(10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    expect(stored).toBe(false);
    sync.release();
    expect(await lookup.answer).toEqual({ counts: [1], record: record(1) });
    expect(await insert).toBe('stored');
  });

  it('does not answer 404 for the old key of a replace before the replace is fsynced', async () => {
    await store.insertAuth(record(1));
    sync.hold = true;
    const replace = store.replaceAuth(record(2), record(1).lookupKey);
    for (let i = 0; i < 20 && sync.held.length === 0; i++) await turns(1);
    let answered = false;
    const old = lookupAuth(store, [], 0, record(1).lookupKey);
    void old.answer.then(() => {
      answered = true;
    });
    await turns(10);
    expect(answered).toBe(false);
    sync.release();
    expect((await old.answer).record).toBeNull();
    expect(await replace).toBe('stored');
  });

  it('after a failed fsync, answers its records as not durable and takes no more writes', async () => {
    await store.insertAuth(record(1));
    sync.failNext = fsyncError();
    await expect(store.insertAuth(record(2))).rejects.toBeInstanceOf(WriteNotDurableError);
    // Committed, but not known to be on disk: neither served nor denied.
    await expect(lookupAuth(store, [], 0, record(2).lookupKey).answer).rejects.toBeInstanceOf(
      WriteNotDurableError,
    );
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

  it('after a failed fsync, copies nothing more from the WAL into the database file', async () => {
    sync.failNext = fsyncError();
    await expect(store.insertAuth(record(1))).rejects.toBeInstanceOf(WriteNotDurableError);
    // Written to the WAL after the failure (the limiter's counters go on; a moment later, so
    // that no checkpoint already under way when the writes stopped counts): the checkpoint
    // worker, every 100 ms, would copy it into the database file.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const marker = `marker-${'5a'.repeat(24)}`;
    await lookupAuth(store, [marker], 0, record(9).lookupKey).answer;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(readFileSync(join(dir, 'db.sqlite-wal')).includes(marker)).toBe(true);
    expect(readFileSync(join(dir, 'db.sqlite')).includes(marker)).toBe(false);
  });
});
