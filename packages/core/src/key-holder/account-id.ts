// The account identifier a key holder counts and tweaks its key by: SHA-256 of a domain tag and
// the username as records normalise it (trimmed, NFC, lowercase). Anyone can compute it from the
// username alone (no password), so a key holder's per-account limit is a limit on guesses
// against that username from everyone together, and the identifier reveals nothing a username
// list would not.
import { bytesToHex } from '@encore-wallet/utils/encoding';

const DOMAIN_TAG = 'encore key-holder account v1\u0000';

export async function keyHolderAccountId(username: string): Promise<Uint8Array> {
  const normalised = username.trim().normalize('NFC').toLowerCase();
  const bytes = new TextEncoder().encode(DOMAIN_TAG + normalised);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

export async function keyHolderAccountIdHex(username: string): Promise<string> {
  return bytesToHex(await keyHolderAccountId(username));
}
