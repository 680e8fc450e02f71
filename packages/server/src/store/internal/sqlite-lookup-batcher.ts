// Group commit for lookups on SQLite. Every GET /authentication adds rate-limit hits and reads a
// record; one write transaction per request costs ~25 µs of CPU on its own, so every hit and
// read queued in the same turn of the event loop runs in one transaction instead. Within it,
// hits on the same bucket are coalesced into one `hits = hits + n` upsert (a flood from one
// address or on one lookupKey costs one statement per turn, not one per request) and each caller
// gets the count it would have seen had the requests run one by one, committed before it is
// answered — so the limit stays exact, also across instances sharing the file. A lookup's hits
// and its record read are one entry of the queue, answered through one callback (the lookup fast
// path takes it as it is); `hit`, for the other rate limits, wraps it in a promise.
//
// The batch reads on the group commit's connection, which sees a group of records from its
// COMMIT on, before the fsync that makes it durable. A lookup whose lookupKey a write of a group
// not yet fsynced has named is answered only once that group is durable (`durability`), or 503
// if its fsync failed: no record is served that a power cut could still take back. The others —
// every lookup while no write is in flight — are answered as soon as the batch commits.

import type { AuthRecord } from '@encore-wallet/contract';
import type Database from 'better-sqlite3';
import type { LookupCallback } from '../store.ts';
import type { WalDurability } from './sqlite-group-commit.ts';

interface Pending {
  /** Buckets to hit in the window starting at `windowStart` (none for a bare read). */
  buckets: readonly string[];
  windowStart: number;
  /** The record to read, if any. */
  lookupKey: string | undefined;
  done: LookupCallback;
  /** Filled in by the batch: first each hit's rank on its bucket within the batch, then its count. */
  counts: number[];
  record: AuthRecord | null;
}

export interface LookupBatcher {
  hit(buckets: readonly string[], windowStart: number): Promise<number[]>;
  /**
   * Hits the buckets and reads the record of `lookupKey`, answered through `done`: once, after
   * the batch commits (and, if a write not yet fsynced named `lookupKey`, after that fsync), never
   * synchronously.
   */
  lookupWith(
    buckets: readonly string[],
    windowStart: number,
    lookupKey: string,
    done: LookupCallback,
  ): void;
}

export function createSqliteLookupBatcher(
  db: Database.Database,
  durability: WalDurability,
): LookupBatcher {
  // The count before the batch's hits, then the hits added: read and written under the write
  // lock the batch's transaction takes first (BEGIN IMMEDIATE), so nothing comes between. Cheaper
  // than one upsert with RETURNING, which sets up a temporary table for its one row.
  const count = db
    .prepare<[string, number], number>(
      'SELECT hits FROM rate_limit_hits WHERE bucket = ? AND window_start = ?',
    )
    .pluck();
  const add = db.prepare<[string, number, number]>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (?, ?, ?)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + excluded.hits`,
  );
  const select = db.prepare<[string], { iv: string; cipher_text: string }>(
    'SELECT iv, cipher_text FROM auth_records WHERE lookup_key = ?',
  );

  /** Runs one batch; fills in each entry's counts and record. */
  const commit = db.transaction((batch: Pending[]): void => {
    // Per window, per bucket: first how many hits this batch adds, then the count before them
    // (read just before they are added). The k-th hit on a bucket sees that count + k: the count as it stood
    // after its own hit. Each entry's counts hold its k's until then.
    const windows = new Map<number, Map<string, number>>();
    let window = Number.NaN;
    let added: Map<string, number> | undefined;
    for (const entry of batch) {
      const buckets = entry.buckets;
      if (buckets.length === 0) continue;
      if (entry.windowStart !== window || added === undefined) {
        window = entry.windowStart;
        added = windows.get(window);
        if (added === undefined) {
          added = new Map();
          windows.set(window, added);
        }
      }
      for (const bucket of buckets) {
        const k = (added.get(bucket) ?? 0) + 1;
        added.set(bucket, k);
        entry.counts.push(k);
      }
    }
    for (const [windowStart, hits] of windows) {
      for (const [bucket, n] of hits) {
        hits.set(bucket, count.get(bucket, windowStart) ?? 0);
        add.run(bucket, windowStart, n);
      }
    }
    // A lookupKey asked twice in the batch is read once: the same record object for both.
    let records: Map<string, AuthRecord | null> | undefined;
    window = Number.NaN;
    added = undefined;
    for (const entry of batch) {
      const buckets = entry.buckets;
      if (buckets.length > 0) {
        if (entry.windowStart !== window || added === undefined) {
          window = entry.windowStart;
          added = windows.get(window);
        }
        const counts = entry.counts;
        for (let i = 0; i < buckets.length; i++) {
          counts[i] = (counts[i] ?? 0) + (added?.get(buckets[i] ?? '') ?? 0);
        }
      }
      const lookupKey = entry.lookupKey;
      if (lookupKey === undefined) continue;
      records ??= new Map();
      const known = records.get(lookupKey);
      if (known !== undefined) {
        entry.record = known;
      } else {
        const row = select.get(lookupKey);
        const record = row ? { lookupKey, iv: row.iv, cipherText: row.cipher_text } : null;
        records.set(lookupKey, record);
        entry.record = record;
      }
    }
  });

  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    let failure: unknown = null;
    try {
      commit.immediate(batch);
    } catch (error) {
      // Nothing of the batch was committed: every entry fails (with something to tell).
      failure = error ?? new Error('lookup batch failed');
    }
    // Every entry is answered even if one callback throws; the first throw is rethrown after.
    let thrown: { error: unknown } | undefined;
    for (const entry of batch) {
      try {
        const group =
          failure === null && entry.lookupKey !== undefined
            ? durability.unsyncedGroup(entry.lookupKey)
            : 0;
        if (failure !== null) entry.done(failure, undefined, null);
        else if (group === 0) entry.done(null, entry.counts, entry.record);
        else answerWhenSynced(entry, group);
      } catch (error) {
        thrown ??= { error };
      }
    }
    if (thrown) throw thrown.error;
  }

  /** Answers `entry` once the group that last wrote its lookupKey is on disk. */
  function answerWhenSynced(entry: Pending, group: number): void {
    durability.whenSynced(group, (error) => {
      if (error === null) entry.done(null, entry.counts, entry.record);
      else entry.done(error, undefined, null);
    });
  }

  function lookupWith(
    buckets: readonly string[],
    windowStart: number,
    lookupKey: string | undefined,
    done: LookupCallback,
  ): void {
    // After the poll phase: every request parsed in this turn joins the same transaction.
    if (queue.length === 0) setImmediate(flush);
    queue.push({ buckets, windowStart, lookupKey, done, counts: [], record: null });
  }

  return {
    hit: (buckets, windowStart) =>
      new Promise((resolve, reject) => {
        lookupWith(buckets, windowStart, undefined, (error, counts) => {
          if (error === null) resolve(counts ?? []);
          else reject(error);
        });
      }),
    lookupWith,
  };
}
