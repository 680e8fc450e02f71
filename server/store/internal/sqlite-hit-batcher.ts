// Group commit for the SQLite rate limiter. Every lookup adds hits, and one write transaction
// per request costs ~45 µs of fsync-free WAL work on its own; lookups that arrive in the same
// turn of the event loop share one transaction instead. Each caller still gets the exact count
// after its own hits, committed before it is answered, so the limit stays exact across instances.
import type Database from 'better-sqlite3';

interface Pending {
  buckets: readonly string[];
  windowStart: number;
  resolve(counts: number[]): void;
  reject(error: unknown): void;
}

export type HitCounter = (buckets: readonly string[], windowStart: number) => Promise<number[]>;

export function createSqliteHitBatcher(db: Database.Database): HitCounter {
  const upsert = db.prepare<[string, number], { hits: number }>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (?, ?, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits`,
  );
  const commit = db.transaction((batch: Pending[]): number[][] =>
    batch.map((p) => p.buckets.map((bucket) => upsert.get(bucket, p.windowStart)?.hits ?? 0)),
  );
  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    let counts: number[][];
    try {
      counts = commit.immediate(batch);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const [i, pending] of batch.entries()) pending.resolve(counts[i] ?? []);
  }

  return (buckets, windowStart) =>
    new Promise((resolve, reject) => {
      queue.push({ buckets, windowStart, resolve, reject });
      // After the poll phase: every request parsed in this turn joins the same transaction.
      if (queue.length === 1) setImmediate(flush);
    });
}
