// The guess policy alone: a bucket's budget per window, the wait that doubles with each closing
// up to its cap, closings forgotten after a quiet spell, and a closed bucket that counts nothing.
import { describe, expect, it } from 'vitest';
import {
  type BucketState,
  EMPTY_BUCKET,
  type GuessLimits,
  spendBuckets,
} from '../src/limits/guess-policy.ts';

const LIMITS: GuessLimits = {
  windowSeconds: 60,
  perAccount: 3,
  perAddress: 100,
  baseWaitSeconds: 10,
  maxWaitSeconds: 35,
  forgetAfterSeconds: 1000,
};
const ONE = [{ bucket: 'a:x', limit: 3 }];

/** Spends until refused; returns the state and the refusal's wait. */
function burst(
  state: BucketState,
  at: number,
): { state: BucketState; wait: number; allowed: number } {
  let current = state;
  for (let allowed = 0; ; allowed++) {
    const { decision, next } = spendBuckets([current], ONE, at, LIMITS);
    current = next[0] ?? current;
    if (!decision.allowed) return { state: current, wait: decision.retryAfterSeconds, allowed };
  }
}

describe('the guess policy', () => {
  it('allows the limit per window, then closes for a wait that doubles up to its cap', () => {
    let at = 1_000_000;
    const first = burst(EMPTY_BUCKET, at);
    expect(first).toMatchObject({ allowed: 3, wait: 10 });
    at += 10_000;
    const second = burst(first.state, at);
    expect(second).toMatchObject({ allowed: 3, wait: 20 });
    at += 20_000;
    const third = burst(second.state, at);
    expect(third).toMatchObject({ allowed: 3, wait: 35 });
  });

  it('refuses during a closing without counting, and names the time left', () => {
    const at = 5_000_000;
    const closed = burst(EMPTY_BUCKET, at).state;
    const during = spendBuckets([closed], ONE, at + 4_000, LIMITS);
    expect(during.decision).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(during.next[0]).toEqual(closed);
  });

  it('forgets closings after a quiet spell', () => {
    const at = 9_000_000;
    const closed = burst(EMPTY_BUCKET, at).state;
    const later = burst(closed, at + 10_000 + 1_000_000);
    expect(later).toMatchObject({ allowed: 3, wait: 10 });
  });

  it('refuses when any bucket is past its limit, and spends none of a closed one', () => {
    const at = 7_000_000;
    const closed = burst(EMPTY_BUCKET, at).state;
    const spends = [...ONE, { bucket: 'c:addr', limit: 100 }];
    const both = spendBuckets([closed, EMPTY_BUCKET], spends, at + 1, LIMITS);
    expect(both.decision.allowed).toBe(false);
    expect(both.next[1]).toEqual(EMPTY_BUCKET);
  });
});
