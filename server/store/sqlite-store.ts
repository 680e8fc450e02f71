// SQLite engine (better-sqlite3). WAL + synchronous=FULL: a commit is on disk before we answer 200.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { AuthRecord } from '../../lib/backend-contract/index.ts';
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

export function openSqliteStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL also fsyncs the WAL on every commit, so a 200 survives power loss, not only a crash.
  db.pragma('synchronous = FULL');
  // Several processes may share the file (the rate limiter is shared state): wait, don't fail.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // The limiter writes on every lookup. Its own connection commits with synchronous=NORMAL: no
  // fsync per commit (the WAL is still synced before each checkpoint, so the file cannot be
  // corrupted), and a power cut can at worst forget the last few hits of a window — a counter,
  // never a record. The data connection above keeps FULL for every record and user.
  const limiterDb = path === ':memory:' ? db : new Database(path);
  limiterDb.pragma('synchronous = NORMAL');
  limiterDb.pragma('busy_timeout = 5000');

  const insertAuthRow = db.prepare<[string, string, string]>(
    'INSERT INTO auth_records (lookup_key, iv, cipher_text) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const deleteAuthRow = db.prepare<[string]>('DELETE FROM auth_records WHERE lookup_key = ?');
  const insertUserRow = db.prepare<[string, string, string]>(
    'INSERT INTO users (username_key, username, wallet_address) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const selectUserAddress = db.prepare<[string], { wallet_address: string }>(
    'SELECT wallet_address FROM users WHERE username_key = ?',
  );
  // Lookups (hits + record read) are batched on the limiter connection; see the batcher.
  const lookups = createSqliteLookupBatcher(limiterDb);
  const pruneHits = limiterDb.prepare<[number]>(
    'DELETE FROM rate_limit_hits WHERE window_start < ?',
  );

  const insertAuth = (r: AuthRecord): InsertAuthResult =>
    insertAuthRow.run(r.lookupKey, r.iv, r.cipherText).changes === 1 ? 'stored' : 'duplicate';

  // IMMEDIATE takes the write lock up front, so the delete and insert see one consistent state.
  const replace = db.transaction((r: AuthRecord, oldLookupKey: string): ReplaceAuthResult => {
    if (deleteAuthRow.run(oldLookupKey).changes === 0) return 'old-missing';
    if (insertAuth(r) === 'duplicate') throw new DuplicateRollback();
    return 'stored';
  });

  return {
    engine: 'sqlite',
    getAuth(lookupKey) {
      return lookups.getAuth(lookupKey);
    },
    async insertAuth(record) {
      return insertAuth(record);
    },
    async replaceAuth(record, oldLookupKey) {
      try {
        return replace.immediate(record, oldLookupKey);
      } catch (error) {
        if (error instanceof DuplicateRollback) return 'duplicate';
        throw error;
      }
    },
    async setUser(user: UserRow): Promise<SetUserResult> {
      const inserted = insertUserRow.run(user.usernameKey, user.username, user.walletAddress);
      if (inserted.changes === 1) return 'stored';
      const existing = selectUserAddress.get(user.usernameKey);
      return existing?.wallet_address === user.walletAddress ? 'same' : 'conflict';
    },
    hitRateLimits(buckets, windowStart) {
      return lookups.hit(buckets, windowStart);
    },
    lookupAuth(buckets, windowStart, lookupKey) {
      return lookups.lookup(buckets, windowStart, lookupKey);
    },
    async pruneRateLimits(windowStart) {
      pruneHits.run(windowStart);
    },
    funding: sqliteFundingStore(db),
    sponsor: sqliteSponsorStore(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (limiterDb !== db) limiterDb.close();
      db.close();
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
