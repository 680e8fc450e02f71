// Group commit on SQLite (packages/server/src/store/internal/sqlite-group-commit.ts): writes of one turn share
// a transaction, commits go on while an fsync is in flight, every answer waits for an fsync that
// began after its own COMMIT, and one write's failure is its own. The fsync is a fake the test
// completes by hand; the database is a real (in-memory) SQLite. Last, the checkpoint worker
// (sqlite-checkpointer.ts) on a real file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSqliteGroupCommit,
  type GroupCommit,
  type SyncWal,
} from '../src/store/internal/sqlite-group-commit.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import type { Store } from '../src/store/store.ts';
import { WriteNotDurableError, WritesStoppedError } from '../src/store/store-errors.ts';
import { lookupAuth } from './support/lookup-auth.ts';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Watched<T> {
  state: 'pending' | 'resolved' | 'rejected';
  value?: T;
  error?: unknown;
}

/** A promise's state, without waiting for it. */
function watch<T>(promise: Promise<T>): Watched<T> {
  const seen: Watched<T> = { state: 'pending' };
  promise.then(
    (value) => Object.assign(seen, { state: 'resolved', value }),
    (error: unknown) => Object.assign(seen, { state: 'rejected', error }),
  );
  return seen;
}

const errorOf = <T>(watched: Watched<T>): unknown => watched.error;

describe('SQLite group commit', () => {
  let db: Database.Database;
  let syncs: {
    done: (error: Error | null) => void;
    rowsWhenStarted: number;
    inTransaction: boolean;
  }[];
  let group: GroupCommit;
  let stops: Error[];
  const rows = (): number => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  const insert = (key: string) => () =>
    db.prepare('INSERT INTO t (k) VALUES (?) ON CONFLICT DO NOTHING').run(key).changes === 1
      ? 'stored'
      : 'duplicate';

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
    syncs = [];
    const sync: SyncWal = (done) =>
      syncs.push({ done, rowsWhenStarted: rows(), inTransaction: db.inTransaction });
    stops = [];
    group = createSqliteGroupCommit(db, sync, (error) => stops.push(error));
  });
  afterEach(() => db.close());

  it('commits one turn’s writes together and answers them only after the fsync', async () => {
    const answers = ['a', 'b', 'c'].map((key) => watch(group.run(insert(key))));
    await nextTurn();
    // Committed (the fsync starts after COMMIT, outside the transaction), not yet answered.
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({ rowsWhenStarted: 3, inTransaction: false });
    await nextTurn();
    expect(answers.map((a) => a.state)).toEqual(['pending', 'pending', 'pending']);
    syncs[0]?.done(null);
    await nextTurn();
    expect(answers.map((a) => a.value)).toEqual(['stored', 'stored', 'stored']);
  });

  it('commits what arrives during an fsync, and covers it with the next fsync', async () => {
    const first = watch(group.run(insert('a')));
    await nextTurn();
    const second = [watch(group.run(insert('b'))), watch(group.run(insert('c')))];
    await nextTurn();
    // b and c are committed already, but the fsync in flight may not cover them: no new one yet.
    expect(rows()).toBe(3);
    expect(syncs).toHaveLength(1);
    syncs[0]?.done(null);
    await nextTurn();
    expect(first.state).toBe('resolved');
    expect(second.map((a) => a.state)).toEqual(['pending', 'pending']);
    // The next fsync starts at once and covers both: three writes, two fsyncs.
    expect(syncs).toHaveLength(2);
    syncs[1]?.done(null);
    await nextTurn();
    expect(second.map((a) => a.state)).toEqual(['resolved', 'resolved']);
    await group.idle();
  });

  it('answers a failing write alone and stores the rest of its group', async () => {
    const answers = [
      watch(group.run(insert('a'))),
      watch(group.run(insert('a'))),
      // A statement error: SQLite undoes that statement, the transaction goes on.
      watch(group.run(() => db.prepare('INSERT INTO t (k) VALUES (NULL), (?)').run('a'))),
      watch(group.run(insert('b'))),
    ];
    await nextTurn();
    syncs[0]?.done(null);
    await nextTurn();
    expect(answers.map((a) => a.state)).toEqual(['resolved', 'resolved', 'rejected', 'resolved']);
    expect(answers.map((a) => a.value)).toEqual(['stored', 'duplicate', undefined, 'stored']);
    expect(rows()).toBe(2);
  });

  it('fails the whole group, storing none of it, when its transaction is lost', async () => {
    const answers = [
      watch(group.run(insert('a'))),
      watch(
        group.run(() => {
          // What an I/O error does: the transaction is rolled back under the writes' feet.
          db.prepare('ROLLBACK').run();
          throw new Error('disk I/O error');
        }),
      ),
      watch(group.run(insert('b'))),
    ];
    await nextTurn();
    await nextTurn();
    expect(answers.map((a) => a.state)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(rows()).toBe(0);
    expect(syncs).toHaveLength(0);
    // The next group is not affected.
    const later = group.run(insert('c'));
    await nextTurn();
    syncs[0]?.done(null);
    expect(await later).toBe('stored');
  });

  it('after a failed fsync, acknowledges nothing more: what it covered and what committed since are not known durable, later writes are refused', async () => {
    const covered = watch(group.run(insert('a')));
    await nextTurn();
    // Committed while the failing fsync is in flight: the next fsync would have covered it.
    const since = watch(group.run(insert('b')));
    await nextTurn();
    expect(rows()).toBe(2);
    syncs[0]?.done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await nextTurn();
    // No second fsync: a success now could not vouch for the pages the failed one lost.
    expect(syncs).toHaveLength(1);
    expect(stops).toHaveLength(1);
    const later = watch(group.run(insert('c')));
    await nextTurn();
    await nextTurn();
    expect([covered.state, since.state, later.state]).toEqual(['rejected', 'rejected', 'rejected']);
    expect(errorOf(covered)).toBeInstanceOf(WriteNotDurableError);
    expect(errorOf(since)).toBeInstanceOf(WriteNotDurableError);
    expect(errorOf(later)).toBeInstanceOf(WritesStoppedError);
    expect(group.stopped?.code).toBe('STORE_WRITES_STOPPED');
    // Nothing more was committed.
    expect(rows()).toBe(2);
    await group.idle();
  });

  it('keeps each named key unsynced until an fsync that began after its COMMIT completes', async () => {
    const first = group.run(insert('a'), ['key-a']);
    await nextTurn();
    expect(group.unsyncedGroup('key-a')).toBe(1);
    expect(group.unsyncedGroup('key-b')).toBe(0);
    // Group 2 commits during the first fsync and names key-a again.
    void group.run(insert('b'), ['key-a', 'key-b']);
    await nextTurn();
    expect(group.unsyncedGroup('key-a')).toBe(2);
    const woken: string[] = [];
    group.whenSynced(1, (error) => woken.push(`1:${error}`));
    group.whenSynced(2, (error) => woken.push(`2:${error}`));
    syncs[0]?.done(null);
    await first;
    // The first fsync covered group 1 only: key-a's last write is still in flight.
    expect(woken).toEqual(['1:null']);
    expect(group.unsyncedGroup('key-a')).toBe(2);
    syncs[1]?.done(null);
    await group.idle();
    expect(woken).toEqual(['1:null', '2:null']);
    expect(group.unsyncedGroup('key-a')).toBe(0);
    expect(group.unsyncedGroup('key-b')).toBe(0);
    // A durable group answers at once.
    group.whenSynced(2, (error) => woken.push(`again:${error}`));
    expect(woken.at(-1)).toBe('again:null');
  });

  it('tells a reader waiting on a group whose fsync failed that it never will be durable', async () => {
    void group.run(insert('a'), ['key-a']).catch(() => {});
    await nextTurn();
    const errors: (Error | null)[] = [];
    group.whenSynced(group.unsyncedGroup('key-a'), (error) => errors.push(error));
    syncs[0]?.done(new Error('EIO'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WriteNotDurableError);
    // Asked later, the same answer at once.
    group.whenSynced(group.unsyncedGroup('key-a'), (error) => errors.push(error));
    expect(errors[1]).toBeInstanceOf(WriteNotDurableError);
  });
});

describe('SQLite store on the group commit', () => {
  let store: Store;
  beforeEach(() => {
    store = openSqliteStore(':memory:');
  });
  afterEach(() => store.close());

  const record = (n: number) => ({
    lookupKey: n.toString(16).padStart(64, '0'),
    iv: 'ab'.repeat(16),
    cipherText: `${n}`.padStart(32, '0'),
  });

  it('keeps each write’s own outcome within one group, replaces included', async () => {
    await Promise.all([store.insertAuth(record(1)), store.insertAuth(record(2))]);
    // One turn: one transaction.
    const outcomes = await Promise.all([
      store.insertAuth(record(3)),
      store.insertAuth(record(3)),
      // New key taken: this replace is undone (its savepoint), record 1 stays…
      store.replaceAuth(record(2), record(1).lookupKey),
      store.replaceAuth(record(4), record(9).lookupKey),
      // …so this later replace of record 1 in the same group finds it and goes through.
      store.replaceAuth(record(5), record(1).lookupKey),
      store.setUser({ username: 'Ann', usernameKey: 'ann', walletAddress: '0xa' }),
      store.setUser({ username: 'ann', usernameKey: 'ann', walletAddress: '0xb' }),
      store.setUser({ username: 'ANN', usernameKey: 'ann', walletAddress: '0xa' }),
    ]);
    expect(outcomes).toEqual([
      'stored',
      'duplicate',
      'duplicate',
      'old-missing',
      'stored',
      'stored',
      'conflict',
      'same',
    ]);
    const stored = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        lookupAuth(store, [], 0, record(n).lookupKey).answer.then((found) => found.record),
      ),
    );
    expect(stored.map((r) => r?.lookupKey ?? null)).toEqual([
      null,
      record(2).lookupKey,
      record(3).lookupKey,
      null,
      record(5).lookupKey,
    ]);
    // Record 2 was not overwritten by the replace that failed.
    expect(stored[1]).toEqual(record(2));
  });
});

describe('SQLite checkpoints', () => {
  it('copies new records into the database file from a worker thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'encore-checkpoint-'));
    const path = join(dir, 'db.sqlite');
    const store = openSqliteStore(path);
    try {
      const marker = 'c0ffee'.repeat(16).slice(0, 96);
      await store.insertAuth({
        lookupKey: 'ab'.repeat(32),
        iv: 'cd'.repeat(16),
        cipherText: marker,
      });
      // One record is far below the automatic checkpoint of the event loop's connections (10,000
      // pages): only the worker's checkpoint (every 100 ms) puts it in the main file so soon.
      let inFile = false;
      for (let i = 0; i < 50 && !inFile; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFile = readFileSync(path).includes(marker);
      }
      expect(inFile).toBe(true);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
