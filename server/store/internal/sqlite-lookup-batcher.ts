// Group commit for lookups on SQLite. Every GET /authentication adds rate-limit hits and reads a
// record; one write transaction per request costs ~25 µs of CPU on its own, so every hit and
// read queued in the same turn of the event loop runs in one transaction instead (~5–10 µs a
// lookup with 8–32 in flight). Each caller still gets its exact count, committed before it is
// answered, so the limit stays exact across instances sharing the file.
import type Database from 'better-sqlite3';
import type { AuthRecord } from '../../../lib/backend/contract.ts';

type Operation =
  | { kind: 'hit'; buckets: readonly string[]; windowStart: number }
  | { kind: 'get'; lookupKey: string };
type Outcome = number[] | AuthRecord | null;

interface Pending {
  operation: Operation;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

export interface LookupBatcher {
  hit(buckets: readonly string[], windowStart: number): Promise<number[]>;
  getAuth(lookupKey: string): Promise<AuthRecord | null>;
}

export function createSqliteLookupBatcher(db: Database.Database): LookupBatcher {
  const upsert = db.prepare<[string, number], { hits: number }>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (?, ?, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits`,
  );
  const select = db.prepare<[string], { iv: string; cipher_text: string }>(
    'SELECT iv, cipher_text FROM auth_records WHERE lookup_key = ?',
  );
  const run = (op: Operation): Outcome => {
    if (op.kind === 'hit') {
      return op.buckets.map((bucket) => upsert.get(bucket, op.windowStart)?.hits ?? 0);
    }
    const row = select.get(op.lookupKey);
    return row ? { lookupKey: op.lookupKey, iv: row.iv, cipherText: row.cipher_text } : null;
  };
  const commit = db.transaction((batch: Pending[]): Outcome[] =>
    batch.map((p) => run(p.operation)),
  );
  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = commit.immediate(batch);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const [i, pending] of batch.entries()) pending.resolve(outcomes[i] ?? null);
  }

  function enqueue(operation: Operation): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      queue.push({ operation, resolve, reject });
      // After the poll phase: every request parsed in this turn joins the same transaction.
      if (queue.length === 1) setImmediate(flush);
    });
  }

  return {
    hit: (buckets, windowStart) =>
      enqueue({ kind: 'hit', buckets, windowStart }) as Promise<number[]>,
    getAuth: (lookupKey) => enqueue({ kind: 'get', lookupKey }) as Promise<AuthRecord | null>,
  };
}
