// Activity announces a transaction whose status changed while the list was open (a live region):
// what the sentence says, and that a list read for the first time announces nothing.
import { describe, expect, it } from 'vitest';
import { statusChanges } from '../../../entrypoints/popup/components/status-news.ts';

const WORDS = { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' };
const entry = (hash: string, status: string) => ({
  hash,
  status,
  summary: `Send 0.01 ETH to 0x1199…${hash}`,
});

describe('statusChanges', () => {
  it('names each entry whose status changed, in the words the list shows', () => {
    const before = new Map([
      ['a', 'pending'],
      ['b', 'pending'],
      ['c', 'confirmed'],
    ]);
    const now = [entry('a', 'confirmed'), entry('b', 'pending'), entry('c', 'confirmed')];
    expect(statusChanges(before, now, WORDS)).toEqual(['Send 0.01 ETH to 0x1199…a: Confirmed']);
    expect(statusChanges(new Map([['b', 'pending']]), [entry('b', 'failed')], WORDS)).toEqual([
      'Send 0.01 ETH to 0x1199…b: Failed',
    ]);
  });

  it('announces nothing for entries seen for the first time', () => {
    expect(statusChanges(new Map(), [entry('a', 'confirmed')], WORDS)).toEqual([]);
    expect(statusChanges(new Map([['a', 'pending']]), [entry('z', 'pending')], WORDS)).toEqual([]);
  });
});
