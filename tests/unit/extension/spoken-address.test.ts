// An address is read to a screen reader in groups of four after "0x", every character kept.
import { describe, expect, it } from 'vitest';
import { spokenAddress } from '../../../lib/extension/ui/index.ts';

describe('spokenAddress', () => {
  it('groups the forty characters in fours, case kept', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const spoken = spokenAddress(address);
    expect(spoken).toBe('0x 5aAe b605 3F3E 94C9 b9A0 9f33 6694 35E7 Ef1B eAed');
    expect(spoken.replace(/ /g, '')).toBe(address);
  });
});
