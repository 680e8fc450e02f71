// Group commit for lookups on SQLite. Every GET /authentication adds rate-limit hits and reads a
// record; one write transaction per request costs ~25 µs of CPU on its own, so every hit and
// read queued in the same turn of the event loop runs in one transaction instead. Within it,
// hits on the same bucket are coalesced into one `hits = hits + n` upsert (a flood from one
// address or on one lookupKey costs one statement per turn, not one per request) and each caller
// gets the count it would have seen had the requests run one by one, committed before it is
// answered — so the limit stays exact, also across instances sharing the file. A lookup's hits
// and its record read are one entry of the queue: one promise per request.
import type Database from 'better-sqlite3';
import type { AuthRecord } from '../../../lib/backend-contract/index.ts';
import type { LookupResult } from '../store.ts';

interface Pending {
  /** Buckets to hit in the window starting at `windowStart` (none for a bare read). */
  buckets: readonly string[];
  windowStart: number;
  /** The record to read, if any. */
  lookupKey: string | undefined;
  resolve(result: LookupResult): void;
  reject(error: unknown): void;
}

export interface LookupBatcher {
  hit(buckets: readonly string[], windowStart: number): Promise<number[]>;
  lookup(buckets: readonly string[], windowStart: number, lookupKey: string): Promise<LookupResult>;
}

export function createSqliteLookupBatcher(db: Database.Database): LookupBatcher {
  const upsert = db.prepare<[string, number, number], { hits: number }>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (?, ?, ?)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + excluded.hits RETURNING hits`,
  );
  const select = db.prepare<[string], { iv: string; cipher_text: string }>(
    'SELECT iv, cipher_text FROM auth_records WHERE lookup_key = ?',
  );

  /** Runs one batch; returns each entry's counts and record, in queue order. */
  const commit = db.transaction((batch: Pending[]): LookupResult[] => {
    // Per window, per bucket: first how many hits this batch adds, then (after the upsert) the
    // count before them. The k-th hit on a bucket sees that count + k: the count as it stood
    // after its own hit. `ordinals` holds each hit's k, in queue and bucket order.
    const windows = new Map<number, Map<string, number>>();
    const ordinals: number[] = [];
    for (const entry of batch) {
      if (entry.buckets.length === 0) continue;
      let added = windows.get(entry.windowStart);
      if (added === undefined) {
        added = new Map();
        windows.set(entry.windowStart, added);
      }
      for (const bucket of entry.buckets) {
        const k = (added.get(bucket) ?? 0) + 1;
        added.set(bucket, k);
        ordinals.push(k);
      }
    }
    for (const [windowStart, added] of windows) {
      for (const [bucket, n] of added) {
        const final = upsert.get(bucket, windowStart, n)?.hits ?? n;
        added.set(bucket, final - n);
      }
    }
    const records = new Map<string, AuthRecord | null>();
    const results: LookupResult[] = [];
    let hit = 0;
    for (const entry of batch) {
      const counts: number[] = [];
      const before = windows.get(entry.windowStart);
      for (const bucket of entry.buckets) {
        counts.push((before?.get(bucket) ?? 0) + (ordinals[hit++] ?? 0));
      }
      let record: AuthRecord | null = null;
      const lookupKey = entry.lookupKey;
      if (lookupKey !== undefined) {
        const known = records.get(lookupKey);
        if (known !== undefined) {
          record = known;
        } else {
          const row = select.get(lookupKey);
          record = row ? { lookupKey, iv: row.iv, cipherText: row.cipher_text } : null;
          records.set(lookupKey, record);
        }
      }
      results.push({ counts, record });
    }
    return results;
  });

  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    let results: LookupResult[];
    try {
      results = commit.immediate(batch);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    for (let i = 0; i < batch.length; i++) {
      batch[i]?.resolve(results[i] ?? { counts: [], record: null });
    }
  }

  function enqueue(entry: Pending): void {
    // After the poll phase: every request parsed in this turn joins the same transaction.
    if (queue.length === 0) setImmediate(flush);
    queue.push(entry);
  }

  return {
    hit: (buckets, windowStart) =>
      new Promise((resolve, reject) => {
        enqueue({
          buckets,
          windowStart,
          lookupKey: undefined,
          resolve: (result) => resolve(result.counts),
          reject,
        });
      }),
    lookup: (buckets, windowStart, lookupKey) =>
      new Promise((resolve, reject) => {
        enqueue({ buckets, windowStart, lookupKey, resolve, reject });
      }),
  };
}
