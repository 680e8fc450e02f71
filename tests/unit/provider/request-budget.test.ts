// The per-origin budget for chain reads: a burst, then a steady rate, per origin.

import { describe, expect, it } from 'vitest';
import { createRequestBudget } from '../../../lib/extension/node/request-budget.ts';

describe('request budget per origin', () => {
  it('allows a burst, refuses past it, refills over time, and keeps origins apart', () => {
    let now = 0;
    const budget = createRequestBudget(3, 2, () => now);
    const take = (origin = 'https://a.example') => budget.take(origin);
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
    expect(take('https://b.example')).toBe(true);
    now += 500; // one more request's worth at 2 a second
    expect([take(), take()]).toEqual([true, false]);
    now += 60_000; // refills only up to the burst
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
  });
});
