import { formatUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  formatNative,
  formatTokenAmount,
  formatUnitsExact,
} from '../../../lib/transactions/index.ts';

describe('amounts as people read them', () => {
  it('keeps every digit and drops trailing zeros, as ethers formats them', () => {
    for (const [raw, decimals] of [
      [1n, 18],
      [10n ** 18n, 18],
      [1_500_000n, 6],
      [123_456_789_000_000_000_001n, 18],
      [0n, 18],
      [1200n, 0],
      [-25n, 2],
    ] as const) {
      const expected = formatUnits(raw, decimals).replace(/\.0$/, '');
      expect(formatUnitsExact(raw, decimals)).toBe(expected);
    }
  });

  it('names the unit, and says when the decimals are unknown', () => {
    expect(formatNative(10n ** 17n, { symbol: 'ETH', decimals: 18 })).toBe('0.1 ETH');
    expect(formatTokenAmount(5n, { decimals: null, symbol: 'ENC' })).toBe(
      '5 (raw units of ENC; decimals unknown)',
    );
    expect(formatTokenAmount(5n, { decimals: 0, symbol: null })).toBe('5 tokens');
  });
});
