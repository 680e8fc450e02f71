// The address everything moves to, as the person typed or pasted it. A mixed-case address carries
// its EIP-55 checksum and must pass it: one wrong character is a typo, and a typo here sends the
// whole wallet to an address nobody holds. An all-lowercase (or all-uppercase) address carries no
// checksum, so nothing catches a typo in it: it is accepted only once the person has re-typed the
// last characters of its checksummed form, read off the wallet they are moving to.

import { getAddress } from 'ethers';

/** How many characters of the checksummed address the person re-types for an unchecked one. */
export const RETYPE_CHARACTERS = 6;

export type Destination =
  /** The checksum checked: the address as given. */
  | { readonly kind: 'checksummed'; readonly address: string }
  /** No checksum in it: `address` is its checksummed form, to be confirmed by re-typing. */
  | { readonly kind: 'unchecked'; readonly address: string }
  | { readonly kind: 'invalid'; readonly problem: string };

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Reads `input` as a destination for `self`'s funds (never `self`, never the zero address). */
export function readDestination(input: string, self: string): Destination {
  const text = input.trim();
  if (!HEX_ADDRESS.test(text)) {
    return {
      kind: 'invalid',
      problem: 'Enter an address: 0x followed by 40 hexadecimal characters.',
    };
  }
  const body = text.slice(2);
  const unchecked = body === body.toLowerCase() || body === body.toUpperCase();
  let address: string;
  try {
    address = getAddress(unchecked ? text.toLowerCase() : text);
  } catch {
    return {
      kind: 'invalid',
      problem:
        'This address fails its checksum (its mix of capitals): a character is wrong. Copy it again from the wallet you are moving to.',
    };
  }
  if (BigInt(address) === 0n) {
    return { kind: 'invalid', problem: 'The zero address belongs to nobody.' };
  }
  if (address.toLowerCase() === self.toLowerCase()) {
    return { kind: 'invalid', problem: 'This is the address of this wallet itself.' };
  }
  return { kind: unchecked ? 'unchecked' : 'checksummed', address };
}

/** The characters an unchecked address is confirmed with: the end of its checksummed form. */
export function retypeTail(address: string): string {
  return address.slice(-RETYPE_CHARACTERS);
}

/**
 * Whether `input` and `retyped` confirm a destination: a checksummed address as it is, an
 * unchecked one once `retyped` matches the end of its checksummed form, capitals included (they
 * are what the person reads off the other wallet). The destination's checksummed address, or null.
 */
export function confirmedDestination(
  input: string,
  retyped: string | null,
  self: string,
): string | null {
  const destination = readDestination(input, self);
  if (destination.kind === 'checksummed') return destination.address;
  if (destination.kind === 'unchecked' && retyped?.trim() === retypeTail(destination.address)) {
    return destination.address;
  }
  return null;
}
