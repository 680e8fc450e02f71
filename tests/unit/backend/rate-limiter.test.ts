// The fixed-window limiter against a real (in-memory) SQLite store and a controlled clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../server/rate-limit/rate-limiter.ts';
import { openSqliteStore } from '../../../server/store/sqlite-store.ts';
import type { Store } from '../../../server/store/store.ts';

describe('rate limiter', () => {
  let store: Store;
  afterEach(() => store?.close());

  it('allows the limit per window, then tells how long until the window ends', async () => {
    store = openSqliteStore(':memory:');
    let now = 120_000; // a window boundary (60 s windows)
    const limiter = createRateLimiter(
      store,
      { windowSeconds: 60, perAddress: 2, perLookupKey: 100 },
      () => now,
    );
    expect(await limiter.check('1.2.3.4', 'k1')).toEqual({ allowed: true });
    now += 10_000;
    expect(await limiter.check('1.2.3.4', 'k2')).toEqual({ allowed: true });
    now += 500;
    expect(await limiter.check('1.2.3.4', 'k3')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limiter.check('5.6.7.8', 'k3')).toEqual({ allowed: true });
    now = 180_000; // next window
    expect(await limiter.check('1.2.3.4', 'k4')).toEqual({ allowed: true });
  });

  it('prunes finished windows and keeps the current one', async () => {
    store = openSqliteStore(':memory:');
    let now = 0;
    const limiter = createRateLimiter(
      store,
      { windowSeconds: 60, perAddress: 1, perLookupKey: 1 },
      () => now,
    );
    await limiter.check('a', 'k');
    now = 60_000;
    await limiter.check('a', 'k');
    await limiter.prune();
    // The old window is gone (a hit there starts from 1 again); the current one still counts.
    expect(await store.hitRateLimits(['probe'], 0)).toEqual([1]);
    expect(await limiter.check('a', 'k')).toMatchObject({ allowed: false });
  });

  it('counts lookups that share one transaction exactly as if they ran one by one', async () => {
    store = openSqliteStore(':memory:');
    const limiter = createRateLimiter(
      store,
      { windowSeconds: 60, perAddress: 3, perLookupKey: 100 },
      () => 0,
    );
    // Issued in one turn of the event loop: the SQLite store commits them together.
    const decisions = await Promise.all(
      ['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => limiter.check('9.9.9.9', key)),
    );
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(await store.hitRateLimits(['a:9.9.9.9', 'a:other'], 0)).toEqual([6, 1]);
  });
});
