// The SQLite counter store: one evaluation spends from every bucket or from none, and the pruner
// deletes a bucket only once it holds nothing (its window over and its closings forgotten), so
// pruning never hands a guesser a fresh budget or forgets a growing wait early.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { GuessLimits } from '../src/limits/guess-policy.ts';
import { openSqliteCounterStore } from '../src/store/sqlite-counter-store.ts';

const LIMITS: GuessLimits = {
  windowSeconds: 60,
  perAccount: 2,
  perAddress: 100,
  baseWaitSeconds: 10,
  maxWaitSeconds: 1000,
  forgetAfterSeconds: 600,
};
const dir = mkdtempSync(join(tmpdir(), 'encore-counters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function buckets(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare<[], { bucket: string }>('SELECT bucket FROM guess_buckets ORDER BY bucket')
      .all()
      .map((row) => row.bucket);
  } finally {
    db.close();
  }
}

describe('the SQLite counter store', () => {
  it('prunes a bucket only once its window is over and its closings are forgotten', async () => {
    const path = join(dir, 'prune.sqlite');
    const store = openSqliteCounterStore(path);
    const t0 = 1_800_000_000_000;
    const spend = (bucket: string, at: number) => store.spend([{ bucket, limit: 2 }], at, LIMITS);
    await spend('a:quiet', t0);
    for (let i = 0; i < 3; i++) await spend('a:closed', t0);
    expect(await spend('a:closed', t0)).toEqual({ allowed: false, retryAfterSeconds: 10 });

    await store.prune(t0 + 61_000, LIMITS);
    expect(buckets(path)).toEqual(['a:closed']);

    // Its closing still counts until forgotten: the next burst waits twice as long.
    await store.prune(t0 + 500_000, LIMITS);
    expect(buckets(path)).toEqual(['a:closed']);
    for (let i = 0; i < 2; i++) expect((await spend('a:closed', t0 + 500_000)).allowed).toBe(true);
    expect(await spend('a:closed', t0 + 500_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 20,
    });

    await store.prune(t0 + 500_000 + 20_000 + 600_000, LIMITS);
    expect(buckets(path)).toEqual([]);
    await store.close();
  });

  it('spends from every bucket or from none', async () => {
    const path = join(dir, 'all-or-none.sqlite');
    const store = openSqliteCounterStore(path);
    const at = 1_900_000_000_000;
    for (let i = 0; i < 3; i++) await store.spend([{ bucket: 'a:x', limit: 2 }], at, LIMITS);
    const refused = await store.spend(
      [
        { bucket: 'a:x', limit: 2 },
        { bucket: 'c:203.0.113.1', limit: 100 },
      ],
      at + 1,
      LIMITS,
    );
    expect(refused.allowed).toBe(false);
    expect(buckets(path)).toEqual(['a:x']);
    await store.close();
  });
});
