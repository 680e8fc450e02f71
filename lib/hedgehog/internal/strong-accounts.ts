// Which usernames this browser has seen with a strengthened record, so their login goes straight
// to the strong derivation. Kept per username (a SHA-256 of the name as the lookup key reads it,
// not the name itself), never the password; the last MAX_REMEMBERED. Survives logout on purpose:
// losing it only costs the next login the Hedgehog lookup first.
import { sha256Hex } from '../../encoding/index.ts';
import type { KeyValueStore } from '../types.ts';

export const STRONG_ACCOUNTS_KEY = 'encore-strong-accounts';
const MAX_REMEMBERED = 32;
const DIGEST = /^[0-9a-f]{64}$/;

function nameDigest(username: string): Promise<string> {
  return sha256Hex(username.trim().normalize('NFC').toLowerCase());
}

async function read(store: KeyValueStore): Promise<string[]> {
  try {
    const raw = await store.get(STRONG_ACCOUNTS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((d): d is string => typeof d === 'string' && DIGEST.test(d))
      : [];
  } catch {
    return [];
  }
}

export async function isRememberedStrong(store: KeyValueStore, username: string): Promise<boolean> {
  const [list, digest] = await Promise.all([read(store), nameDigest(username)]);
  return list.includes(digest);
}

/** Remembers (`strong`) or forgets the username; a storage failure only costs time later. */
export async function rememberFormat(
  store: KeyValueStore,
  username: string,
  strong: boolean,
): Promise<void> {
  try {
    const [list, digest] = await Promise.all([read(store), nameDigest(username)]);
    const others = list.filter((d) => d !== digest);
    if (!strong && others.length === list.length) return;
    const next = strong ? [...others, digest].slice(-MAX_REMEMBERED) : others;
    await store.set(STRONG_ACCOUNTS_KEY, JSON.stringify(next));
  } catch {
    // Only a hint.
  }
}
