import { describe, expect, it } from 'vitest';
import { viewedUserFromUrl } from '../../../entrypoints/library/components/library-setup.ts';

// A link into the library (`library.html?user=…`) can come from anywhere; only a catalog id is
// taken from it, and it only ever becomes a path segment the client encodes.
describe('the library address', () => {
  it('takes a catalog user id', () => {
    expect(viewedUserFromUrl('?user=yjwM5')).toBe('yjwM5');
    expect(viewedUserFromUrl('')).toBeNull();
  });

  it.each([
    '?user=',
    '?user=../../users/x',
    '?user=a%2Fb',
    '?user=%3Cscript%3E',
    `?user=${'a'.repeat(65)}`,
  ])('refuses %s and shows the wallet’s own library instead', (search) => {
    expect(viewedUserFromUrl(search)).toBeNull();
  });
});
