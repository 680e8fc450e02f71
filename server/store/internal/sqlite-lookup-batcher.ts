// Group commit for lookups on SQLite. Every GET /authentication adds rate-limit hits and reads a
// record; one write transaction per request costs ~25 µs of CPU on its own, so every hit and
// read queued in the same turn of the event loop runs in one transaction instead. Within it,
// hits on the same bucket are coalesced into one `hits = hits + n` upsert (a flood from one
// address or on one lookupKey costs one statement per turn, not one per request) and each caller
// gets the count it would have seen had the requests run one by one, committed before it is
// answered — so the limit stays exact, also across instances sharing the file.
import type Database from 'better-sqlite3';
import type { AuthRecord } from '../../../lib/backend-contract/index.ts';

interface PendingHit {
  buckets: readonly string[];
  windowStart: number;
  resolve(counts: number[]): void;
  reject(error: unknown): void;
}

interface PendingGet {
  lookupKey: string;
  resolve(record: AuthRecord | null): void;
  reject(error: unknown): void;
}

export interface LookupBatcher {
  hit(buckets: readonly string[], windowStart: number): Promise<number[]>;
  getAuth(lookupKey: string): Promise<AuthRecord | null>;
}

export function createSqliteLookupBatcher(db: Database.Database): LookupBatcher {
  const upsert = db.prepare<[string, number, number], { hits: number }>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (?, ?, ?)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + excluded.hits RETURNING hits`,
  );
  const select = db.prepare<[string], { iv: string; cipher_text: string }>(
    'SELECT iv, cipher_text FROM auth_records WHERE lookup_key = ?',
  );

  /** Runs one batch; returns each hit's counts and each get's record, in queue order. */
  const commit = db.transaction((hits: PendingHit[], gets: PendingGet[]) => {
    // Per bucket and window: how many hits this batch adds, and which of them is whose.
    const totals = new Map<string, { bucket: string; windowStart: number; added: number }>();
    const ordinals = hits.map((hit) =>
      hit.buckets.map((bucket) => {
        const id = `${hit.windowStart} ${bucket}`;
        const total = totals.get(id) ?? { bucket, windowStart: hit.windowStart, added: 0 };
        total.added += 1;
        totals.set(id, total);
        return { id, ordinal: total.added };
      }),
    );
    const finals = new Map<string, number>();
    for (const [id, t] of totals) {
      finals.set(id, upsert.get(t.bucket, t.windowStart, t.added)?.hits ?? 0);
    }
    // The k-th of n hits on a bucket sees the count as it stood after its own hit.
    const counts = ordinals.map((row) =>
      row.map(({ id, ordinal }) => {
        const added = totals.get(id)?.added ?? 0;
        return (finals.get(id) ?? 0) - added + ordinal;
      }),
    );
    const records = new Map<string, AuthRecord | null>();
    for (const { lookupKey } of gets) {
      if (records.has(lookupKey)) continue;
      const row = select.get(lookupKey);
      records.set(lookupKey, row ? { lookupKey, iv: row.iv, cipherText: row.cipher_text } : null);
    }
    return { counts, records };
  });

  let hits: PendingHit[] = [];
  let gets: PendingGet[] = [];
  let scheduled = false;

  function flush(): void {
    const batch = { hits, gets };
    hits = [];
    gets = [];
    scheduled = false;
    let result: ReturnType<typeof commit>;
    try {
      result = commit.immediate(batch.hits, batch.gets);
    } catch (error) {
      for (const pending of [...batch.hits, ...batch.gets]) pending.reject(error);
      return;
    }
    for (const [i, hit] of batch.hits.entries()) hit.resolve(result.counts[i] ?? []);
    for (const get of batch.gets) get.resolve(result.records.get(get.lookupKey) ?? null);
  }

  function schedule(): void {
    // After the poll phase: every request parsed in this turn joins the same transaction.
    if (!scheduled) setImmediate(flush);
    scheduled = true;
  }

  return {
    hit: (buckets, windowStart) =>
      new Promise((resolve, reject) => {
        hits.push({ buckets, windowStart, resolve, reject });
        schedule();
      }),
    getAuth: (lookupKey) =>
      new Promise((resolve, reject) => {
        gets.push({ lookupKey, resolve, reject });
        schedule();
      }),
  };
}
