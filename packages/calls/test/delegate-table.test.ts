import { describe, expect, it } from 'vitest';
import { NoPinnedDelegateError, pinnedDelegate, readDelegateTable } from '../src/index.ts';
import { PINNED } from './support.ts';

const entry = {
  address: PINNED.address,
  codeHash: PINNED.codeHash,
  entryPoint: PINNED.entryPoint,
  delegationManager: PINNED.delegationManager,
  caveatEnforcers: PINNED.caveatEnforcers,
};

describe('the delegate table a build names (WXT_DELEGATES)', () => {
  it('reads one entry per chain, checksummed, with the code hash in lower case', () => {
    const table = readDelegateTable(
      JSON.stringify({
        31337: {
          ...entry,
          address: entry.address.toLowerCase(),
          codeHash: entry.codeHash.toUpperCase().replace('0X', '0x'),
        },
      }),
    );
    expect(pinnedDelegate(table, 31337)).toEqual(PINNED);
  });

  it('knows no delegate without a build value, and says so for the chain asked', () => {
    const table = readDelegateTable(undefined);
    expect(table.size).toBe(0);
    expect(() => pinnedDelegate(table, 1)).toThrow(NoPinnedDelegateError);
  });

  it.each([
    ['not JSON', 'not json'],
    ['chain id 0 (an authorization valid on every chain)', JSON.stringify({ 0: entry })],
    ['a chain id that is not a number', JSON.stringify({ mainnet: entry })],
    [
      'a wrong EIP-55 checksum',
      JSON.stringify({ 1: { ...entry, address: entry.address.replace('Cf7', 'cF7') } }),
    ],
    ['a short code hash', JSON.stringify({ 1: { ...entry, codeHash: '0x1234' } })],
    ['an unknown field', JSON.stringify({ 1: { ...entry, trusted: true } })],
    [
      'a missing DelegationManager',
      JSON.stringify({ 1: { ...entry, delegationManager: undefined } }),
    ],
    [
      'a missing caveat enforcer',
      JSON.stringify({
        1: {
          ...entry,
          caveatEnforcers: { ...entry.caveatEnforcers, TimestampEnforcer: undefined },
        },
      }),
    ],
    [
      'an enforcer the build names that no grant is made of',
      JSON.stringify({
        1: {
          ...entry,
          caveatEnforcers: { ...entry.caveatEnforcers, AllowedTargetsEnforcer: entry.address },
        },
      }),
    ],
    [
      'a missing EntryPoint',
      JSON.stringify({ 1: { address: entry.address, codeHash: entry.codeHash } }),
    ],
    ['an array', JSON.stringify([entry])],
  ])('ignores a value with %s entirely (no entry beats a wrong one)', (_, json) => {
    expect(readDelegateTable(json).size).toBe(0);
  });
});
