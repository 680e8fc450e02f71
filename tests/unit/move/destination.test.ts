import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { confirmedDestination, readDestination, retypeTail } from '../../../lib/move/index.ts';

const SELF = '0x1675652DA0CFD56CC45f20c7571dAfcd93ceB594';
// A checksummed address with capitals in its last six characters.
const CHECKSUMMED = getAddress('0xde54d883877f7c4d2ac3662f2a49490340ea88df');

describe('the destination of a move', () => {
  it('takes a checksummed address as it is', () => {
    expect(readDestination(` ${CHECKSUMMED} `, SELF)).toEqual({
      kind: 'checksummed',
      address: CHECKSUMMED,
    });
    expect(confirmedDestination(CHECKSUMMED, null, SELF)).toBe(CHECKSUMMED);
  });

  it('refuses a mixed-case address whose checksum fails (one capital wrong is a typo)', () => {
    // Flip the case of one letter: still mixed case, no longer the checksum.
    const i = [...CHECKSUMMED].findIndex((c, n) => n > 1 && /[a-f]/i.test(c));
    const c = CHECKSUMMED.charAt(i);
    const typo = `${CHECKSUMMED.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${CHECKSUMMED.slice(i + 1)}`;
    expect(readDestination(typo, SELF)).toMatchObject({
      kind: 'invalid',
      problem: expect.stringMatching(/checksum/),
    });
    expect(confirmedDestination(typo, null, SELF)).toBeNull();
  });

  it('holds an all-lowercase address as unchecked, shown checksummed, until its end is re-typed with its capitals', () => {
    const lower = CHECKSUMMED.toLowerCase();
    expect(readDestination(lower, SELF)).toEqual({ kind: 'unchecked', address: CHECKSUMMED });
    expect(readDestination(`0x${lower.slice(2).toUpperCase()}`, SELF)).toEqual({
      kind: 'unchecked',
      address: CHECKSUMMED,
    });
    expect(confirmedDestination(lower, null, SELF)).toBeNull();
    expect(retypeTail(CHECKSUMMED)).toBe(CHECKSUMMED.slice(-6));
    expect(retypeTail(CHECKSUMMED)).not.toBe(retypeTail(CHECKSUMMED).toLowerCase());
    expect(confirmedDestination(lower, CHECKSUMMED.slice(-6).toLowerCase(), SELF)).toBeNull();
    expect(confirmedDestination(lower, lower.slice(-5), SELF)).toBeNull();
    expect(confirmedDestination(lower, ` ${CHECKSUMMED.slice(-6)} `, SELF)).toBe(CHECKSUMMED);
  });

  it('refuses what is not an address, the zero address and the wallet itself', () => {
    for (const input of [
      '',
      '0x1234',
      `${CHECKSUMMED}00`,
      'de54d883877f7c4d2ac3662f2a49490340ea88df',
      '0xzz54d883877f7c4d2ac3662f2a49490340ea88df',
    ]) {
      expect(readDestination(input, SELF).kind).toBe('invalid');
    }
    expect(readDestination(`0x${'0'.repeat(40)}`, SELF)).toMatchObject({
      kind: 'invalid',
      problem: expect.stringMatching(/zero/),
    });
    expect(readDestination(SELF.toLowerCase(), SELF)).toMatchObject({
      kind: 'invalid',
      problem: expect.stringMatching(/this wallet itself/),
    });
    expect(confirmedDestination(SELF, null, SELF)).toBeNull();
  });
});
