// Group commit for durable writes on SQLite (records and users). Writes queued in one turn of the
// event loop run in one IMMEDIATE transaction; after its COMMIT, the WAL is fsynced, and only
// then is each write answered. Commits go on while an fsync is in flight: the groups that commit
// meanwhile are covered together by the next fsync. So every answer still waits for an fsync that
// began after its own COMMIT — what `synchronous = FULL` does inside COMMIT — but one fsync
// covers many records, and the event loop never waits for the disk.
//
// The connection commits with `synchronous = NORMAL`: SQLite writes the frames and does not
// fsync; `sync` (an fdatasync of the WAL file, on libuv's thread pool) does it instead. Each write
// is a function run inside the group's transaction; one that fails alone (a statement error,
// which SQLite rolls back by itself, or an error thrown out of a nested db.transaction, which
// better-sqlite3 rolls back to its savepoint) fails its own request only; the group goes on.
// An error that ends the whole transaction (I/O, a full disk) fails the whole group, none of
// whose rows were committed. Every outcome, refusals included (a duplicate, a missing old key), is
// given only after the fsync: what it was decided against is on disk by then.
//
// Reads on the same connection see a group from its COMMIT on, before its fsync. So each write
// names the lookupKeys whose lookup it changes, and the group commit keeps, for every such key,
// the last group that named it until an fsync covers that group: the lookup batcher holds the
// answer of a lookup whose key is in an unsynced group until that group is durable
// (`unsyncedGroup`, `whenSynced`).
//
// A failed fsync stops the writes for good, as PostgreSQL does: after a failed fdatasync the
// kernel may have dropped the dirty pages (and marked them clean, so the next fsync succeeds
// without writing them), and the WAL's chained checksums end recovery at the first lost frame,
// so nothing committed after it could be promised either. The writes it covered and those
// committed since are answered WriteNotDurableError (committed, not known to be on disk: neither
// stored nor refused), every later write WritesStoppedError; `onStop` tells the store, which
// stops writing to the file at all until a restart.
import type Database from 'better-sqlite3';
import { WriteNotDurableError, WritesStoppedError } from '../store-errors.ts';

/** Makes the WAL durable up to at least everything written before the call. */
export type SyncWal = (done: (error: Error | null) => void) => void;

/** What a reader on the group commit's connection needs to answer only what is on disk. */
export interface WalDurability {
  /** The last committed group that named `key` and no completed fsync covers yet; 0 if none. */
  unsyncedGroup(key: string): number;
  /**
   * Calls `done` once an fsync covering `group` has completed (null), or with the error that
   * says it never will (WriteNotDurableError) — at once if that is known already.
   */
  whenSynced(group: number, done: (error: Error | null) => void): void;
}

export interface GroupCommit extends WalDurability {
  /**
   * Runs `write` in the next group's transaction; settles once an fsync covers that commit.
   * `keys`: the lookupKeys whose lookup the write may change (read only once it is durable).
   */
  run<T>(write: () => T, keys?: readonly string[]): Promise<T>;
  /** Resolves when nothing is queued, committing or being fsynced. */
  idle(): Promise<void>;
  /** The error every write answers since an fsync failed; undefined while writes go on. */
  readonly stopped: WritesStoppedError | undefined;
}

interface Pending {
  write: () => unknown;
  keys: readonly string[] | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** An outcome waiting for its fsync. */
interface Settle {
  pending: Pending;
  ok: boolean;
  value: unknown;
}

interface Waiter {
  group: number;
  done: (error: Error | null) => void;
}

export function createSqliteGroupCommit(
  db: Database.Database,
  sync: SyncWal,
  onStop: (error: Error) => void = () => {},
): GroupCommit {
  let queue: Pending[] = [];
  /** Committed (or failed alone), waiting for an fsync that starts after their COMMIT. */
  let committed: Settle[] = [];
  let syncing = false;
  let idleWaiters: (() => void)[] = [];
  /** Groups are numbered from 1 as they commit; every group up to `synced` is durable. */
  let lastGroup = 0;
  let synced = 0;
  /** Key → the last unsynced group that named it. */
  const unsynced = new Map<string, number>();
  let syncWaiters: Waiter[] = [];
  let stopped: WritesStoppedError | undefined;
  let notDurable: WriteNotDurableError | undefined;

  const commitGroup = db.transaction((group: Pending[]): Settle[] => {
    const outcomes: Settle[] = [];
    for (const pending of group) {
      try {
        outcomes.push({ pending, ok: true, value: pending.write() });
      } catch (error) {
        // The transaction itself is gone (SQLite rolled it back): nothing of this group stays.
        if (!db.inTransaction) throw error;
        outcomes.push({ pending, ok: false, value: error });
      }
    }
    return outcomes;
  });

  function flush(): void {
    const group = queue;
    queue = [];
    if (stopped) {
      for (const pending of group) pending.reject(stopped);
      settleIdle();
      return;
    }
    let outcomes: Settle[];
    try {
      outcomes = commitGroup.immediate(group);
    } catch (error) {
      for (const pending of group) pending.reject(error);
      settleIdle();
      return;
    }
    lastGroup += 1;
    for (const outcome of outcomes) {
      committed.push(outcome);
      const keys = outcome.pending.keys;
      if (keys) for (const key of keys) unsynced.set(key, lastGroup);
    }
    if (!syncing) startSync();
  }

  function startSync(): void {
    const covered = committed;
    const through = lastGroup;
    committed = [];
    syncing = true;
    sync((error) => {
      syncing = false;
      if (error) {
        stop(error, covered);
        return;
      }
      synced = through;
      for (const { pending, ok, value } of covered) {
        if (ok) pending.resolve(value);
        else pending.reject(value);
        const keys = pending.keys;
        if (keys) {
          for (const key of keys) if ((unsynced.get(key) ?? 0) <= through) unsynced.delete(key);
        }
      }
      const woken = syncWaiters.filter((waiter) => waiter.group <= through);
      if (woken.length > 0) syncWaiters = syncWaiters.filter((waiter) => waiter.group > through);
      if (committed.length > 0) startSync();
      else settleIdle();
      wake(woken, null);
    });
  }

  /** After a failed fsync: nothing committed since the last good one is promised, nothing more is taken. */
  function stop(error: Error, covered: Settle[]): void {
    notDurable = new WriteNotDurableError({ cause: error });
    stopped = new WritesStoppedError({ cause: error });
    const unanswered = covered.concat(committed);
    committed = [];
    const woken = syncWaiters;
    syncWaiters = [];
    for (const { pending } of unanswered) pending.reject(notDurable);
    onStop(error);
    settleIdle();
    wake(woken, notDurable);
  }

  /** Every waiter is called even if one throws; the first throw is rethrown after. */
  function wake(waiters: readonly Waiter[], error: Error | null): void {
    let thrown: { error: unknown } | undefined;
    for (const waiter of waiters) {
      try {
        waiter.done(error);
      } catch (caught) {
        thrown ??= { error: caught };
      }
    }
    if (thrown) throw thrown.error;
  }

  function settleIdle(): void {
    if (queue.length > 0 || syncing || committed.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  return {
    run<T>(write: () => T, keys?: readonly string[]): Promise<T> {
      if (stopped) return Promise.reject(stopped);
      return new Promise<T>((resolve, reject) => {
        // After the poll phase: every write parsed in this turn joins the same transaction.
        if (queue.length === 0) setImmediate(flush);
        queue.push({ write, keys, resolve: resolve as (value: unknown) => void, reject });
      });
    },
    idle() {
      if (queue.length === 0 && !syncing && committed.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get stopped() {
      return stopped;
    },
    unsyncedGroup(key) {
      return unsynced.size === 0 ? 0 : (unsynced.get(key) ?? 0);
    },
    whenSynced(group, done) {
      if (group <= synced) done(null);
      else if (notDurable) done(notDurable);
      else syncWaiters.push({ group, done });
    },
  };
}
