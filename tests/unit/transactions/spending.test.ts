import { describe, expect, it } from 'vitest';
import {
  checkSpending,
  recentRecords,
  SPENDING_WINDOW_MS,
  spentWithin,
} from '../../../lib/transactions/index.ts';

const NOW = 1_800_000_000_000;
const limit = { kind: 'daily', wei: '1000' } as const;

describe('the daily spending limit', () => {
  const records = [
    { at: NOW - SPENDING_WINDOW_MS - 1, wei: '900' },
    { at: NOW - 1000, wei: '300' },
    { at: NOW - 10, wei: '200' },
  ];

  it('counts only the last 24 hours', () => {
    expect(spentWithin(records, NOW)).toBe(500n);
    expect(recentRecords(records, NOW).map((r) => r.wei)).toEqual(['300', '200']);
  });

  it('allows up to the limit and refuses the first wei over it', () => {
    expect(checkSpending(limit, records, { wei: 500n, unlimited: false }, NOW)).toMatchObject({
      allowed: true,
      spentWei: 500n,
    });
    expect(checkSpending(limit, records, { wei: 501n, unlimited: false }, NOW)).toMatchObject({
      allowed: false,
      reason: 'over-limit',
    });
  });

  it('counts an uncapped approval as over any limit', () => {
    expect(checkSpending(limit, [], { wei: 0n, unlimited: true }, NOW)).toMatchObject({
      allowed: false,
      reason: 'unlimited-approval',
    });
  });

  it('allows anything when the chain has no limit', () => {
    expect(
      checkSpending({ kind: 'unlimited' }, records, { wei: 10n ** 30n, unlimited: true }, NOW),
    ).toMatchObject({ allowed: true, limitWei: null });
  });
});
