import { formatUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  formatNative,
  formatNativeRounded,
  formatTokenAmount,
  formatUnitsExact,
  parseUnitsExact,
} from '../../../lib/transactions/index.ts';

const ETH = { symbol: 'ETH', decimals: 18 };

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

  it('reads typed amounts exactly, refusing what the unit cannot hold', () => {
    expect(parseUnitsExact('0.002', 18)).toBe(2n * 10n ** 15n);
    expect(parseUnitsExact(' 1.50 ', 6)).toBe(1_500_000n);
    expect(parseUnitsExact('7', 0)).toBe(7n);
    expect(parseUnitsExact('0.0000001', 6)).toBeNull();
    for (const bad of ['', '-1', '1e3', '0x10', '1,5', '.5'])
      expect(parseUnitsExact(bad, 18)).toBeNull();
  });

  it('rounds estimates to five significant digits, a maximum always up', () => {
    expect(formatNativeRounded(86_044_935_551_155n, ETH)).toBe('0.000086045 ETH');
    expect(formatNativeRounded(86_044_135_551_155n, ETH, 'up')).toBe('0.000086045 ETH');
    expect(formatNativeRounded(86_044_000_000_000n, ETH, 'up')).toBe('0.000086044 ETH');
    expect(formatNativeRounded(1_499_913_955_064_448_845n, ETH)).toBe('1.4999 ETH');
    expect(formatNativeRounded(1234n, ETH)).toBe('0.000000000000001234 ETH');
    expect(formatNativeRounded(-1_499_913_955_064_448_845n, ETH)).toBe('-1.4999 ETH');
  });
});
