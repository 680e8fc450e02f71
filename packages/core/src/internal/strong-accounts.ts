// Which record format this browser last met each username's account in, so a login goes straight
// to the right derivation: the strong one for a strengthened account, and no strong derivation
// beside a Hedgehog-format login. Kept per username (a SHA-256 of the name as the lookup key reads
// it, not the name itself), never the password; the last MAX_REMEMBERED of each format. Survives
// logout on purpose: losing it only costs the next login what a new browser's costs.
import { sha256Hex } from '@encore-wallet/utils/encoding';
import type { KeyValueStore, RecordFormat } from '../types.ts';

export const STRONG_ACCOUNTS_KEY = 'encore-strong-accounts';
export const HEDGEHOG_ACCOUNTS_KEY = 'encore-hedgehog-accounts';
const MAX_REMEMBERED = 32;
const DIGEST = /^[0-9a-f]{64}$/;

const keyOf = (format: RecordFormat): string =>
  format === 'strong' ? STRONG_ACCOUNTS_KEY : HEDGEHOG_ACCOUNTS_KEY;

function nameDigest(username: string): Promise<string> {
  return sha256Hex(username.trim().normalize('NFC').toLowerCase());
}

async function read(store: KeyValueStore, key: string): Promise<string[]> {
  try {
    const raw = await store.get(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((d): d is string => typeof d === 'string' && DIGEST.test(d))
      : [];
  } catch {
    return [];
  }
}

/** The format this browser last met the username's account in; null if never (or forgotten). */
export async function rememberedFormatOf(
  store: KeyValueStore,
  username: string,
): Promise<RecordFormat | null> {
  const [strong, hedgehog, digest] = await Promise.all([
    read(store, STRONG_ACCOUNTS_KEY),
    read(store, HEDGEHOG_ACCOUNTS_KEY),
    nameDigest(username),
  ]);
  if (strong.includes(digest)) return 'strong';
  return hedgehog.includes(digest) ? 'hedgehog' : null;
}

/** Remembers the username's format (and forgets the other); a storage failure only costs time. */
export async function rememberFormat(
  store: KeyValueStore,
  username: string,
  format: RecordFormat,
): Promise<void> {
  try {
    const digest = await nameDigest(username);
    const other = format === 'strong' ? 'hedgehog' : 'strong';
    const [mine, theirs] = await Promise.all([
      read(store, keyOf(format)),
      read(store, keyOf(other)),
    ]);
    if (theirs.includes(digest)) {
      await store.set(keyOf(other), JSON.stringify(theirs.filter((d) => d !== digest)));
    }
    if (mine.at(-1) === digest) return;
    const next = [...mine.filter((d) => d !== digest), digest].slice(-MAX_REMEMBERED);
    await store.set(keyOf(format), JSON.stringify(next));
  } catch {
    // Only a hint.
  }
}
