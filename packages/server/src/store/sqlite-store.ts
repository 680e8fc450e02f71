// SQLite engine (better-sqlite3), in WAL mode. Records and users are group-committed: on disk
// (the WAL fsynced past their COMMIT) before they are answered, and before a lookup returns them;
// after a failed fsync, the store takes no more writes. See sqlite-group-commit.ts.
import { closeSync, fdatasync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuthRecord } from '@encore-wallet/contract';
import Database from 'better-sqlite3';
import { startSqliteCheckpointer } from './internal/sqlite-checkpointer.ts';
import { createSqliteGroupCommit, type SyncWal } from './internal/sqlite-group-commit.ts';
import { createSqliteLookupBatcher } from './internal/sqlite-lookup-batcher.ts';
import { MIGRATIONS } from './migrations.ts';
import { sqliteFundingStore } from './sqlite-funding-store.ts';
import { sqliteSponsorStore } from './sqlite-sponsor-store.ts';
import type {
  InsertAuthResult,
  ReplaceAuthResult,
  SetUserResult,
  Store,
  UserRow,
} from './store.ts';

export interface SqliteStoreOptions {
  /**
   * Syncs the WAL file's data to disk (its descriptor, then a callback): `fs.fdatasync`, which a
   * test replaces to hold or fail an fsync.
   */
  syncFile?: (fd: number, done: (error: Error | null) => void) => void;
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const memory = path === ':memory:';
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // The funding and sponsor tables: FULL fsyncs the WAL inside every COMMIT, so their 200s
  // survive a power cut, not only a crash.
  db.pragma('synchronous = FULL');
  // Several processes may share the file (the rate limiter is shared state): wait, don't fail.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // The batching connection: the limiter's counters and lookups, and the group commit of records
  // and users. It commits with synchronous=NORMAL: SQLite writes the WAL frames without an fsync
  // (the WAL is still synced before each checkpoint, so the file cannot be corrupted). For the
  // counters that is all: a power cut can at worst forget the last few hits of a window — a
  // counter, never a record. Records and users are answered only after an fdatasync of the WAL
  // that began after their COMMIT (sqlite-group-commit.ts): durable as with FULL, one fsync for
  // the whole group.
  const batchDb = memory ? db : new Database(path);
  batchDb.pragma('synchronous = NORMAL');
  batchDb.pragma('busy_timeout = 5000');
  // The WAL file lives as long as a connection to the database is open (SQLite deletes it when
  // the last one closes): this store keeps its own open until close(), so the descriptor below
  // names the file every commit here writes to.
  const walFd = memory ? undefined : openSync(`${path}-wal`, 'r');
  const syncFile = options.syncFile ?? fdatasync;
  const syncWal: SyncWal =
    walFd === undefined
      ? (done) => setImmediate(done, null)
      : (done) => syncFile(walFd, (error) => done(error));
  const writes = createSqliteGroupCommit(batchDb, syncWal, () => stopWriting());
  // Checkpoints (a copy and two fsyncs) in a worker thread, not inside a COMMIT on the event loop.
  const checkpointer = memory ? undefined : startSqliteCheckpointer(path, [db, batchDb]);
  let checkpointsStopped: Promise<void> | undefined;
  const stopCheckpoints = (): Promise<void> =>
    (checkpointsStopped ??= checkpointer?.stop() ?? Promise.resolve());

  // After a failed fsync of the WAL (the group commit has stopped taking records and users): the
  // WAL on disk may have lost frames, so nothing more is written that depends on it. No
  // checkpoint copies a frame into the database file (one read back from a disk that lost it
  // would put a stale page there), and the funding and sponsor connection turns read-only (its
  // commits would chain after the lost frames, and recovery drops everything past the first
  // one). The limiter's counters still go on (a lookup spends its budget as before): never
  // fsynced nor checkpointed, they are worth nothing after a restart, and ask nothing of it.
  function stopWriting(): void {
    void stopCheckpoints();
    batchDb.pragma('wal_autocheckpoint = 0');
    if (db !== batchDb) {
      db.pragma('wal_autocheckpoint = 0');
      db.pragma('query_only = ON');
    }
  }

  const insertAuthRow = batchDb.prepare<[string, string, string]>(
    'INSERT INTO auth_records (lookup_key, iv, cipher_text) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const deleteAuthRow = batchDb.prepare<[string]>('DELETE FROM auth_records WHERE lookup_key = ?');
  const insertUserRow = batchDb.prepare<[string, string, string]>(
    'INSERT INTO users (username_key, username, wallet_address) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const selectUserAddress = batchDb.prepare<[string], { wallet_address: string }>(
    'SELECT wallet_address FROM users WHERE username_key = ?',
  );
  // Lookups (hits + record read) are batched on the same connection, and answer a record only once
  // the group that wrote it is fsynced; see the batcher.
  const lookups = createSqliteLookupBatcher(batchDb, writes);
  const pruneHits = batchDb.prepare<[number]>('DELETE FROM rate_limit_hits WHERE window_start < ?');

  // One statement: a duplicate changes nothing, and any error undoes this statement alone.
  const insertAuth = (r: AuthRecord): InsertAuthResult =>
    insertAuthRow.run(r.lookupKey, r.iv, r.cipherText).changes === 1 ? 'stored' : 'duplicate';

  // Run inside a group's transaction, this is a savepoint: the delete and the insert happen
  // together or not at all, and a rollback leaves the rest of the group alone.
  const replace = batchDb.transaction((r: AuthRecord, oldLookupKey: string): ReplaceAuthResult => {
    if (deleteAuthRow.run(oldLookupKey).changes === 0) return 'old-missing';
    if (insertAuth(r) === 'duplicate') throw new DuplicateRollback();
    return 'stored';
  });

  return {
    engine: 'sqlite',
    insertAuth(record) {
      return writes.run(() => insertAuth(record), [record.lookupKey]);
    },
    replaceAuth(record, oldLookupKey) {
      return writes.run(() => {
        try {
          return replace(record, oldLookupKey);
        } catch (error) {
          if (error instanceof DuplicateRollback) return 'duplicate';
          throw error;
        }
      }, [record.lookupKey, oldLookupKey]);
    },
    setUser(user: UserRow): Promise<SetUserResult> {
      return writes.run(() => {
        const inserted = insertUserRow.run(user.usernameKey, user.username, user.walletAddress);
        if (inserted.changes === 1) return 'stored';
        const existing = selectUserAddress.get(user.usernameKey);
        return existing?.wallet_address === user.walletAddress ? 'same' : 'conflict';
      });
    },
    hitRateLimits(buckets, windowStart) {
      return lookups.hit(buckets, windowStart);
    },
    lookupAuthWith(buckets, windowStart, lookupKey, done) {
      lookups.lookupWith(buckets, windowStart, lookupKey, done);
    },
    async pruneRateLimits(windowStart) {
      pruneHits.run(windowStart);
    },
    funding: sqliteFundingStore(db),
    sponsor: sqliteSponsorStore(db),
    async ping() {
      // Stopped writes are an outage of the store: /health says so.
      if (writes.stopped) throw writes.stopped;
      db.prepare('SELECT 1').get();
    },
    async close() {
      // Every queued write is committed and fsynced (and answered) first.
      await writes.idle();
      await stopCheckpoints();
      if (batchDb !== db) batchDb.close();
      db.close();
      if (walFd !== undefined) closeSync(walFd);
    },
  };
}

/** Thrown inside the replace transaction to roll it back when the new lookupKey exists. */
class DuplicateRollback extends Error {}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
  const run = db.transaction(() => {
    const done = new Set(
      db
        .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
        .all()
        .map((row) => row.version),
    );
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      db.exec(migration.sqlite);
      db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(migration.version);
    }
  });
  // Two processes starting on one file at once: the second waits for the write lock, then sees
  // the versions the first one recorded.
  run.immediate();
}
