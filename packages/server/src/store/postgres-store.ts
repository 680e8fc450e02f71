// PostgreSQL engine (pg Pool): several stateless server instances can share one database.

import type { AuthRecord } from '@encore-wallet/contract';
import pg from 'pg';
import { MIGRATIONS } from './migrations.ts';
import { postgresFundingStore } from './postgres-funding-store.ts';
import { postgresSponsorStore } from './postgres-sponsor-store.ts';
import type { LookupResult, ReplaceAuthResult, SetUserResult, Store, UserRow } from './store.ts';

// Any fixed number works: it only has to be the same in every instance running migrations.
const MIGRATION_LOCK_ID = 0x656e636f; // "enco"

const INSERT_AUTH_SQL =
  'INSERT INTO auth_records (lookup_key, iv, cipher_text) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING';

/** Each call spends one hit on each of its buckets ($1…$n) in window $n+1. */
function hitValues(buckets: number): string {
  return Array.from({ length: buckets }, (_, i) => `($${i + 1}, $${buckets + 1}, 1)`).join(', ');
}
const HIT_CONFLICT =
  'ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1';

export async function openPostgresStore(connectionString: string): Promise<Store> {
  // Records, users, the funding and sponsor tables: every commit waits for its WAL flush
  // (PostgreSQL's default synchronous_commit = on), so a 200 survives a power cut.
  const pool = new pg.Pool({ connectionString, max: 10 });
  // The limiter's counters (and the lookups, which count and read in one statement): their
  // commits do not wait for the flush (synchronous_commit = off for these connections only).
  // PostgreSQL stays consistent; a crash can at worst forget the last fraction of a second of
  // hits — a counter, never a record, as with SQLite's counters at synchronous = NORMAL.
  const counters = new pg.Pool({
    connectionString: withServerOptions(connectionString, '-c synchronous_commit=off'),
    max: 10,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  counters.on('error', () => {});
  try {
    await migrate(pool);
  } catch (error) {
    await Promise.all([pool.end(), counters.end()]);
    throw error;
  }

  async function hitRateLimits(buckets: readonly string[], windowStart: number): Promise<number[]> {
    const { rows } = await counters.query<{ bucket: string; hits: number }>({
      name: `hit-rate-limits-${buckets.length}`,
      text: `INSERT INTO rate_limit_hits (bucket, window_start, hits)
             VALUES ${hitValues(buckets.length)} ${HIT_CONFLICT} RETURNING bucket, hits`,
      values: [...buckets, windowStart],
    });
    const hits = new Map(rows.map((row) => [row.bucket, row.hits]));
    return buckets.map((bucket) => hits.get(bucket) ?? 0);
  }

  async function lookupAuth(
    buckets: readonly string[],
    windowStart: number,
    lookupKey: string,
  ): Promise<LookupResult> {
    // One statement, one round trip: the hits (rows with a bucket), then the record (if any).
    const n = buckets.length;
    const { rows } = await counters.query<{
      bucket: string | null;
      hits: number | null;
      iv: string | null;
      cipher_text: string | null;
    }>({
      name: `lookup-auth-${n}`,
      text: `WITH hit AS (
               INSERT INTO rate_limit_hits (bucket, window_start, hits)
               VALUES ${hitValues(n)} ${HIT_CONFLICT} RETURNING bucket, hits)
             SELECT bucket, hits, NULL::text AS iv, NULL::text AS cipher_text FROM hit
             UNION ALL
             SELECT NULL, NULL, iv, cipher_text FROM auth_records WHERE lookup_key = $${n + 2}`,
      values: [...buckets, windowStart, lookupKey],
    });
    const hits = new Map<string, number>();
    let record: AuthRecord | null = null;
    for (const row of rows) {
      if (row.bucket !== null) hits.set(row.bucket, row.hits ?? 0);
      else if (row.iv !== null && row.cipher_text !== null) {
        record = { lookupKey, iv: row.iv, cipherText: row.cipher_text };
      }
    }
    return { counts: buckets.map((bucket) => hits.get(bucket) ?? 0), record };
  }

  return {
    engine: 'postgres',
    async insertAuth(r) {
      const result = await pool.query({
        name: 'insert-auth',
        text: INSERT_AUTH_SQL,
        values: [r.lookupKey, r.iv, r.cipherText],
      });
      return result.rowCount === 1 ? 'stored' : 'duplicate';
    },
    async replaceAuth(r: AuthRecord, oldLookupKey: string): Promise<ReplaceAuthResult> {
      try {
        return await inTransaction(pool, async (client) => {
          const deleted = await client.query('DELETE FROM auth_records WHERE lookup_key = $1', [
            oldLookupKey,
          ]);
          if (deleted.rowCount === 0) return 'old-missing';
          const inserted = await client.query(INSERT_AUTH_SQL, [r.lookupKey, r.iv, r.cipherText]);
          if (inserted.rowCount === 0) throw new DuplicateRollback();
          return 'stored';
        });
      } catch (error) {
        if (error instanceof DuplicateRollback) return 'duplicate';
        throw error;
      }
    },
    async setUser(user: UserRow): Promise<SetUserResult> {
      const inserted = await pool.query(
        'INSERT INTO users (username_key, username, wallet_address) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [user.usernameKey, user.username, user.walletAddress],
      );
      if (inserted.rowCount === 1) return 'stored';
      const { rows } = await pool.query<{ wallet_address: string }>(
        'SELECT wallet_address FROM users WHERE username_key = $1',
        [user.usernameKey],
      );
      return rows[0]?.wallet_address === user.walletAddress ? 'same' : 'conflict';
    },
    hitRateLimits,
    lookupAuthWith(buckets, windowStart, lookupKey, done) {
      lookupAuth(buckets, windowStart, lookupKey).then(
        ({ counts, record }) => done(null, counts, record),
        (error: unknown) => done(error ?? new Error('lookup failed'), undefined, null),
      );
    },
    async pruneRateLimits(windowStart) {
      await counters.query('DELETE FROM rate_limit_hits WHERE window_start < $1', [windowStart]);
    },
    funding: postgresFundingStore(pool, (work) => inTransaction(pool, work)),
    sponsor: postgresSponsorStore(pool, (work) => inTransaction(pool, work)),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await Promise.all([pool.end(), counters.end()]);
    },
  };
}

/**
 * The connection string with `options` (settings sent at connection start) extended: options the
 * string or PGOPTIONS already give are kept, in front.
 */
function withServerOptions(connectionString: string, options: string): string {
  const url = new URL(connectionString);
  const given = url.searchParams.get('options') ?? process.env.PGOPTIONS;
  url.searchParams.set('options', given ? `${given} ${options}` : options);
  return url.toString();
}

/** Thrown inside the replace transaction to roll it back when the new lookupKey exists. */
class DuplicateRollback extends Error {}

async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function migrate(pool: pg.Pool): Promise<void> {
  return inTransaction(pool, async (client) => {
    // Instances starting together take turns; the later ones find the work done.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)',
    );
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const done = new Set(rows.map((row) => row.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [
        migration.version,
      ]);
    }
  });
}
