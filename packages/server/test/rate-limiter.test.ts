// The fixed-window limiter against a real (in-memory) SQLite store and a controlled clock.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitOptions,
} from '../src/rate-limit/rate-limiter.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import type { Store } from '../src/store/store.ts';

const limits = (options: Partial<RateLimitOptions>): RateLimitOptions => ({
  ...DEFAULT_RATE_LIMIT,
  windowSeconds: 60,
  ...options,
});

/** A lookup's decision alone (its record is read too, and not looked at here). */
const decisionOf = (
  limiter: RateLimiter,
  address: string,
  lookupKey: string,
): Promise<RateLimitDecision> => limiter.lookup(address, lookupKey).then((r) => r.decision);

describe('rate limiter', () => {
  let store: Store;
  afterEach(() => store?.close());

  it('allows the limit per window, then tells how long until the window ends', async () => {
    store = openSqliteStore(':memory:');
    let now = 120_000; // a window boundary (60 s windows)
    const limiter = createRateLimiter(
      store,
      limits({ perAddress: 2, perLookupKey: 100 }),
      () => now,
    );
    expect(await decisionOf(limiter, '1.2.3.4', 'k1')).toEqual({ allowed: true });
    now += 10_000;
    expect(await decisionOf(limiter, '1.2.3.4', 'k2')).toEqual({ allowed: true });
    now += 500;
    expect(await decisionOf(limiter, '1.2.3.4', 'k3')).toEqual({
      allowed: false,
      retryAfterSeconds: 50,
    });
    expect(await decisionOf(limiter, '5.6.7.8', 'k3')).toEqual({ allowed: true });
    now = 180_000; // next window
    expect(await decisionOf(limiter, '1.2.3.4', 'k4')).toEqual({ allowed: true });
  });

  it('prunes finished windows and keeps the current one', async () => {
    store = openSqliteStore(':memory:');
    let now = 0;
    const limiter = createRateLimiter(store, limits({ perAddress: 1, perLookupKey: 1 }), () => now);
    await decisionOf(limiter, 'a', 'k');
    now = 60_000;
    await decisionOf(limiter, 'a', 'k');
    await limiter.prune();
    // The old window is gone (a hit there starts from 1 again); the current one still counts.
    expect(await store.hitRateLimits(['probe'], 0)).toEqual([1]);
    expect(await decisionOf(limiter, 'a', 'k')).toMatchObject({ allowed: false });
  });

  it('counts lookups that share one transaction exactly as if they ran one by one', async () => {
    store = openSqliteStore(':memory:');
    const limiter = createRateLimiter(store, limits({ perAddress: 3, perLookupKey: 100 }), () => 0);
    // Issued in one turn of the event loop: the SQLite store commits them together.
    const decisions = await Promise.all(
      ['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => decisionOf(limiter, '9.9.9.9', key)),
    );
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(await store.hitRateLimits(['a:9.9.9.9', 'a:other'], 0)).toEqual([6, 1]);
  });

  it('decides a lookup and reads its record in the same batch, counting across windows', async () => {
    store = openSqliteStore(':memory:');
    const record = { lookupKey: 'ab'.repeat(32), iv: 'cd'.repeat(16), cipherText: 'ef'.repeat(16) };
    await store.insertAuth(record);
    let now = 59_000;
    const limiter = createRateLimiter(
      store,
      limits({ perAddress: 2, perLookupKey: 100 }),
      () => now,
    );
    // One turn of the event loop: lookups of records there and not there share one transaction;
    // the clock crosses a window boundary halfway, so the batch counts in two windows.
    const first = limiter.lookup('7.7.7.7', record.lookupKey);
    const second = decisionOf(limiter, '7.7.7.7', 'other');
    const third = limiter.lookup('7.7.7.7', 'ff'.repeat(32));
    now = 60_000;
    const fourth = limiter.lookup('7.7.7.7', record.lookupKey);
    expect(await first).toEqual({ decision: { allowed: true }, record });
    expect(await second).toEqual({ allowed: true });
    // Refused, yet read: the caller must not send it.
    expect(await third).toEqual({
      decision: { allowed: false, retryAfterSeconds: 1 },
      record: null,
    });
    expect(await fourth).toEqual({ decision: { allowed: true }, record });
    expect(await store.hitRateLimits(['a:7.7.7.7'], 0)).toEqual([4]);
    expect(await store.hitRateLimits(['a:7.7.7.7'], 60)).toEqual([2]);
  });

  it('gives writes their own budget: spending one kind leaves the other whole', async () => {
    store = openSqliteStore(':memory:');
    const limiter = createRateLimiter(
      store,
      limits({ perAddress: 2, perLookupKey: 2, writesPerAddress: 2, writesPerLookupKey: 2 }),
      () => 0,
    );
    for (const key of ['k1', 'k2']) {
      expect(await decisionOf(limiter, '1.1.1.1', key)).toEqual({ allowed: true });
    }
    expect(await decisionOf(limiter, '1.1.1.1', 'k3')).toMatchObject({ allowed: false });
    // Same address, same keys: the write buckets have not been touched by the lookups.
    expect(await limiter.checkWrite('1.1.1.1', ['k1'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('1.1.1.1', ['k2'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('1.1.1.1', ['k4'])).toMatchObject({ allowed: false });
  });

  it('counts a write against every lookupKey it names, and against its address', async () => {
    store = openSqliteStore(':memory:');
    const limiter = createRateLimiter(
      store,
      limits({ writesPerAddress: 100, writesPerLookupKey: 2 }),
      () => 0,
    );
    // A replace names the new and the old key: each spends that key's budget.
    expect(await limiter.checkWrite('1.1.1.1', ['new1', 'victim'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('2.2.2.2', ['new2', 'victim'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('3.3.3.3', ['new3', 'victim'])).toMatchObject({
      allowed: false,
    });
    expect(await limiter.checkWrite('3.3.3.3', ['new1'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('3.3.3.3', ['new1'])).toMatchObject({ allowed: false });
    // A replace that keeps its lookupKey is one write on that key, not two.
    expect(await limiter.checkWrite('4.4.4.4', ['same', 'same'])).toEqual({ allowed: true });
    expect(await limiter.checkWrite('4.4.4.4', ['same', 'same'])).toEqual({ allowed: true });
    // POST /users names no lookupKey: only the address budget.
    const perAddress = createRateLimiter(store, limits({ writesPerAddress: 1 }), () => 0);
    expect(await perAddress.checkWrite('5.5.5.5', [])).toEqual({ allowed: true });
    expect(await perAddress.checkWrite('5.5.5.5', [])).toMatchObject({ allowed: false });
  });

  it('attack: its table keeps no bits of a lookupKey, so a copy of it verifies no password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'encore-limiter-'));
    try {
      const file = join(dir, 'limits.sqlite');
      store = openSqliteStore(file);
      // A login's lookup of a key with no record (a wrong password, a strengthened account's
      // Hedgehog key) and a password change naming two keys.
      const [looked, written, old] = [hex(), hex(), hex()];
      const limiter = createRateLimiter(store, limits({ bucketSecret: randomBytes(32) }), () => 0);
      await decisionOf(limiter, '203.0.113.9', looked);
      await limiter.checkWrite('203.0.113.9', [written, old]);
      const db = new Database(file, { readonly: true });
      const buckets = db
        .prepare('SELECT bucket FROM rate_limit_hits')
        .all()
        .map((row) => (row as { bucket: string }).bucket);
      db.close();
      expect(buckets).toHaveLength(5);
      for (const key of [looked, written, old]) {
        const forms = [key, Buffer.from(key, 'hex').toString('base64url')];
        for (const form of forms) {
          // Any 8 characters of the key (32 bits) in any bucket would be a guess filter.
          for (let i = 0; i + 8 <= form.length; i += 4) {
            expect(buckets.some((b) => b.includes(form.slice(i, i + 8)))).toBe(false);
          }
        }
      }
      // A bucket is not a function of the key alone: another secret counts it elsewhere, and
      // one limiter counts it in one place (the per-key limit holds).
      const other = createRateLimiter(store, limits({ bucketSecret: randomBytes(32) }), () => 0);
      await decisionOf(other, '203.0.113.9', looked);
      expect(
        await store.hitRateLimits(
          buckets.filter((b) => b.startsWith('k:')),
          0,
        ),
      ).toEqual([2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function hex(): string {
  return randomBytes(32).toString('hex');
}
