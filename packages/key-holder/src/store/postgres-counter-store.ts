// The counters in PostgreSQL, for several key-holder instances that share one set of limits.
// A spend is one transaction: the rows are created if missing, then locked in bucket order
// (FOR UPDATE), so concurrent spends on any instance count one after the other.
import pg from 'pg';
import { type BucketState, type GuessDecision, spendBuckets } from '../limits/guess-policy.ts';
import { type CounterStore, inLockOrder } from './counter-store.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS guess_buckets (
  bucket TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  count INTEGER NOT NULL,
  strikes INTEGER NOT NULL,
  closed_until BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS hardened_accounts (
  account TEXT PRIMARY KEY,
  key_id TEXT NOT NULL
)`;

interface Row {
  bucket: string;
  window_start: string;
  count: number;
  strikes: number;
  closed_until: string;
}

export async function openPostgresCounterStore(url: string): Promise<CounterStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    // Two instances starting together may both create the table: one waits on the other's lock.
    await pool.query('SELECT pg_advisory_lock(4509497)');
    try {
      await pool.query(SCHEMA);
    } finally {
      await pool.query('SELECT pg_advisory_unlock(4509497)');
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    engine: 'postgres',
    async spend(spends, now, limits): Promise<GuessDecision> {
      const ordered = inLockOrder(spends);
      const names = ordered.map((s) => s.bucket);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO guess_buckets (bucket, window_start, count, strikes, closed_until)
           SELECT unnest($1::text[]), 0, 0, 0, 0 ORDER BY 1 ON CONFLICT (bucket) DO NOTHING`,
          [names],
        );
        const { rows } = await client.query<Row>(
          `SELECT bucket, window_start, count, strikes, closed_until FROM guess_buckets
           WHERE bucket = ANY($1::text[]) ORDER BY bucket FOR UPDATE`,
          [names],
        );
        const byName = new Map(rows.map((row) => [row.bucket, row]));
        const states = names.map((name): BucketState => {
          const row = byName.get(name);
          return {
            windowStart: Number(row?.window_start ?? 0),
            count: row?.count ?? 0,
            strikes: row?.strikes ?? 0,
            closedUntil: Number(row?.closed_until ?? 0),
          };
        });
        const { decision, next } = spendBuckets(states, ordered, now, limits);
        for (const [i, state] of next.entries()) {
          if (state === states[i]) continue;
          await client.query(
            `UPDATE guess_buckets SET window_start = $2, count = $3, strikes = $4, closed_until = $5
             WHERE bucket = $1`,
            [names[i], state.windowStart, state.count, state.strikes, state.closedUntil],
          );
        }
        await client.query('COMMIT');
        return decision;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async markOf(account) {
      const { rows } = await pool.query<{ key_id: string }>(
        'SELECT key_id FROM hardened_accounts WHERE account = $1',
        [account],
      );
      return rows[0]?.key_id ?? null;
    },
    async mark(account, keyId) {
      await pool.query(
        `INSERT INTO hardened_accounts (account, key_id) VALUES ($1, $2)
         ON CONFLICT (account) DO UPDATE SET key_id = excluded.key_id`,
        [account, keyId],
      );
    },
    async prune(now, limits) {
      await pool.query(
        'DELETE FROM guess_buckets WHERE window_start <= $1 AND closed_until <= $2',
        [now - limits.windowSeconds * 1000, now - limits.forgetAfterSeconds * 1000],
      );
    },
    async close() {
      await pool.end();
    },
  };
}
