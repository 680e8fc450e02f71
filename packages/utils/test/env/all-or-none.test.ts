import { describe, expect, it } from 'vitest';
import { allOrNone } from '../../src/env/index.ts';

describe('allOrNone', () => {
  const names = ['A_URL', 'A_KEY', 'A_AMOUNT'] as const;

  it('is none when no variable is set, blank ones included', () => {
    expect(allOrNone({}, names)).toEqual({ set: 'none' });
    expect(allOrNone({ A_URL: '  ', A_KEY: '' }, names)).toEqual({ set: 'none' });
  });

  it('is all when every variable has a value', () => {
    expect(allOrNone({ A_URL: 'u', A_KEY: 'k', A_AMOUNT: '1', OTHER: 'x' }, names)).toEqual({
      set: 'all',
    });
  });

  it('names the missing ones, in the order given, when only some are set', () => {
    expect(allOrNone({ A_KEY: 'k', A_AMOUNT: ' ' }, names)).toEqual({
      set: 'some',
      missing: ['A_URL', 'A_AMOUNT'],
    });
  });
});
