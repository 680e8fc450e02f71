// The counters in one SQLite file (the default): each spend is one IMMEDIATE transaction, so
// several processes on one file take turns and share the limits.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  type BucketState,
  EMPTY_BUCKET,
  type GuessDecision,
  type GuessLimits,
  spendBuckets,
} from '../limits/guess-policy.ts';
import { type CounterStore, inLockOrder } from './counter-store.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS guess_buckets (
  bucket TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  strikes INTEGER NOT NULL,
  closed_until INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hardened_accounts (
  account TEXT PRIMARY KEY,
  key_id TEXT NOT NULL
) WITHOUT ROWID`;

interface Row {
  window_start: number;
  count: number;
  strikes: number;
  closed_until: number;
}

export function openSqliteCounterStore(path: string): CounterStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const read = db.prepare<[string], Row>(
    'SELECT window_start, count, strikes, closed_until FROM guess_buckets WHERE bucket = ?',
  );
  const write = db.prepare<[string, number, number, number, number]>(
    `INSERT INTO guess_buckets (bucket, window_start, count, strikes, closed_until)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (bucket) DO UPDATE SET window_start = excluded.window_start,
       count = excluded.count, strikes = excluded.strikes, closed_until = excluded.closed_until`,
  );
  const readMark = db.prepare<[string], { key_id: string }>(
    'SELECT key_id FROM hardened_accounts WHERE account = ?',
  );
  const writeMark = db.prepare<[string, string]>(
    `INSERT INTO hardened_accounts (account, key_id) VALUES (?, ?)
     ON CONFLICT (account) DO UPDATE SET key_id = excluded.key_id`,
  );
  const prune = db.prepare<[number, number]>(
    'DELETE FROM guess_buckets WHERE window_start <= ? AND closed_until <= ?',
  );
  const spend = db.transaction(
    (spends: Parameters<CounterStore['spend']>[0], now: number, limits: GuessLimits) => {
      const ordered = inLockOrder(spends);
      const states = ordered.map((s): BucketState => {
        const row = read.get(s.bucket);
        return row
          ? {
              windowStart: row.window_start,
              count: row.count,
              strikes: row.strikes,
              closedUntil: row.closed_until,
            }
          : EMPTY_BUCKET;
      });
      const { decision, next } = spendBuckets(states, ordered, now, limits);
      next.forEach((state, i) => {
        const bucket = ordered[i]?.bucket;
        if (bucket === undefined || state === states[i]) return;
        write.run(bucket, state.windowStart, state.count, state.strikes, state.closedUntil);
      });
      return decision;
    },
  );
  return {
    engine: 'sqlite',
    async spend(spends, now, limits): Promise<GuessDecision> {
      return spend.immediate(spends, now, limits);
    },
    async markOf(account) {
      return readMark.get(account)?.key_id ?? null;
    },
    async mark(account, keyId) {
      writeMark.run(account, keyId);
    },
    async prune(now, limits) {
      prune.run(now - limits.windowSeconds * 1000, now - limits.forgetAfterSeconds * 1000);
    },
    async close() {
      db.close();
    },
  };
}
