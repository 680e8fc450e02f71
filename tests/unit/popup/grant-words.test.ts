// A grant's terms in the popup's words: the period, amounts in the token's units.
import { describe, expect, it } from 'vitest';
import { grantAmount, periodInWords } from '../../../entrypoints/popup/components/grant-words.ts';

describe('grant words', () => {
  it.each([
    [86_400, 'every day'],
    [2_592_000, 'every 30 days'],
    [604_800, 'every week'],
    [1_209_600, 'every 2 weeks'],
    [3_600, 'every hour'],
    [90, 'every 90 seconds'],
    [1, 'every second'],
  ])('%i seconds is "%s"', (seconds, words) => {
    expect(periodInWords(seconds)).toBe(words);
  });

  it('names the amount in the token’s units, or by its contract when it has no symbol', () => {
    const eth = { address: null, symbol: 'ETH', decimals: 18 };
    expect(grantAmount('1000000000000000', eth)).toBe('0.001 ETH');
    expect(grantAmount('1', eth)).toBe('0.000000000000000001 ETH');
    const nameless = {
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: null,
      decimals: 6,
    };
    expect(grantAmount('2500000', nameless)).toBe('2.5 tokens of 0x5FbD…0aa3');
  });
});
