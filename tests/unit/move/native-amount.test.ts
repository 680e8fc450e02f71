import { describe, expect, it } from 'vitest';
import { nativeToMove } from '../../../lib/move/index.ts';

const GWEI = 10n ** 9n;

describe('the native amount a move sends', () => {
  it('is the balance minus gas limit × maximum price, to the last wei', () => {
    const balance = 10n ** 17n + 123n;
    const move = nativeToMove(balance, [{ gasLimit: 21_000n, maxPricePerGas: 3n * GWEI + 7n }]);
    expect(move.feeCapWei).toBe(21_000n * (3n * GWEI + 7n));
    expect(move.valueWei).toBe(balance - 21_000n * (3n * GWEI + 7n));
    // Value plus the most the fee may cost is exactly the balance: one wei more would not be sent.
    expect(move.valueWei + move.feeCapWei).toBe(balance);
    expect(move.feesCovered).toBe(true);
  });

  it('reserves every transaction’s cap when they go in order (tokens first, native last)', () => {
    const caps = [
      { gasLimit: 62_000n, maxPricePerGas: 5n * GWEI },
      { gasLimit: 58_000n, maxPricePerGas: 5n * GWEI },
      { gasLimit: 21_000n, maxPricePerGas: 4n * GWEI },
    ];
    const move = nativeToMove(10n ** 18n, caps);
    expect(move.feeCapWei).toBe((62_000n + 58_000n) * 5n * GWEI + 21_000n * 4n * GWEI);
    expect(move.valueWei).toBe(10n ** 18n - move.feeCapWei);
  });

  it('moves nothing native when the fees take it all, and says when they are not covered', () => {
    const cap = { gasLimit: 50_000n, maxPricePerGas: 2n * GWEI };
    expect(nativeToMove(100_000n * GWEI, [cap])).toEqual({
      valueWei: 0n,
      feeCapWei: 100_000n * GWEI,
      feesCovered: true,
    });
    expect(nativeToMove(100_000n * GWEI - 1n, [cap])).toMatchObject({
      valueWei: 0n,
      feesCovered: false,
    });
  });
});
