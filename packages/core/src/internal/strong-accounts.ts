// Which record format this browser last met each username's account in, so a login goes straight
// to the right derivation: the strong one for a strengthened account, and no strong derivation
// beside a Hedgehog-format login. Kept per username, never the password; the last MAX_REMEMBERED
// of each format. Survives logout on purpose: losing it only costs the next login what a new
// browser's costs.
//
// Each format's list is `{ salt, accounts, unsure? }`: an account is an HMAC-SHA-256, under the
// list's own random salt, of the SHA-256 of the name as the lookup key reads it, so what is stored
// says nothing testable about a guessed name without the salt, and nothing that matches another
// browser's list. Lists written before the salt (an array of the names' SHA-256) are read and
// written back salted. A list that cannot be read (the store refuses it: the extension's sealed
// storage found it changed, removed or put back; or it does not parse) may have held strengthened
// accounts: until as many accounts have been remembered strengthened since as the list keeps, an
// account in neither list reads as strengthened (`unsure`), so a restore never makes a weaker
// record for an account this browser met strengthened.
import { bytesToHex, hexToBytes, hmacSha256, sha256Hex } from '@encore-wallet/utils/encoding';
import type { KeyValueStore, RecordFormat } from '../types.ts';

export const STRONG_ACCOUNTS_KEY = 'encore-strong-accounts';
export const HEDGEHOG_ACCOUNTS_KEY = 'encore-hedgehog-accounts';
export const HARDENED_ACCOUNTS_KEY = 'encore-hardened-accounts';
const MAX_REMEMBERED = 32;
const HEX_256 = /^[0-9a-f]{64}$/;

interface FormatList {
  /** 32 bytes, hex. */
  salt: string;
  accounts: string[];
  /** Strengthened accounts may be missing from this list (it was lost). */
  unsure: boolean;
  /** Read as it was stored before the salt: written back salted at the next remember. */
  unsalted: boolean;
}

const KEYS: Readonly<Record<RecordFormat, string>> = {
  hedgehog: HEDGEHOG_ACCOUNTS_KEY,
  strong: STRONG_ACCOUNTS_KEY,
  hardened: HARDENED_ACCOUNTS_KEY,
};
/** Strongest first: an account found in a stronger list is read as that format. */
const FORMATS: readonly RecordFormat[] = ['hardened', 'strong', 'hedgehog'];

const keyOf = (format: RecordFormat): string => KEYS[format];
/** A list whose loss may hide accounts that must never be taken for weaker ones. */
const guarded = (format: RecordFormat): boolean => format !== 'hedgehog';

function nameDigest(username: string): Promise<string> {
  return sha256Hex(username.trim().normalize('NFC').toLowerCase());
}

function freshSalt(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** What identifies the name whose SHA-256 is `digest` in a list salted with `salt`. */
async function accountId(salt: string, digest: string): Promise<string> {
  return bytesToHex(await hmacSha256(hexToBytes(salt), digest));
}

const hex256 = (values: unknown[]): string[] =>
  values.filter((v): v is string => typeof v === 'string' && HEX_256.test(v));

async function read(store: KeyValueStore, format: RecordFormat): Promise<FormatList> {
  const lost = { salt: freshSalt(), accounts: [], unsure: guarded(format), unsalted: false };
  let parsed: unknown;
  try {
    const raw = await store.get(keyOf(format));
    if (!raw) return { salt: freshSalt(), accounts: [], unsure: false, unsalted: false };
    parsed = JSON.parse(raw);
  } catch {
    return lost;
  }
  if (Array.isArray(parsed)) {
    const salt = freshSalt();
    const accounts = await Promise.all(hex256(parsed).map((digest) => accountId(salt, digest)));
    return { salt, accounts, unsure: false, unsalted: true };
  }
  if (typeof parsed !== 'object' || parsed === null) return lost;
  const { salt, accounts, unsure } = parsed as Record<string, unknown>;
  if (typeof salt !== 'string' || !HEX_256.test(salt) || !Array.isArray(accounts)) return lost;
  return { salt, accounts: hex256(accounts), unsure: unsure === true, unsalted: false };
}

async function write(store: KeyValueStore, format: RecordFormat, list: FormatList): Promise<void> {
  const unsure = guarded(format) && list.unsure && list.accounts.length < MAX_REMEMBERED;
  await store.set(
    keyOf(format),
    JSON.stringify({ salt: list.salt, accounts: list.accounts, ...(unsure ? { unsure } : {}) }),
  );
}

/**
 * The format this browser last met the username's account in (null if never, or forgotten), and
 * whether the strong list may have lost accounts (`unsure`): then an account in neither list may
 * be strengthened.
 */
export async function recalledFormat(
  store: KeyValueStore,
  username: string,
): Promise<{ format: RecordFormat | null; unsure: boolean }> {
  const [digest, ...lists] = await Promise.all([
    nameDigest(username),
    ...FORMATS.map((format) => read(store, format)),
  ]);
  const unsure = lists.some((list) => list.unsure);
  for (const [i, list] of lists.entries()) {
    const format = FORMATS[i];
    if (format && list.accounts.includes(await accountId(list.salt, digest))) {
      return { format, unsure };
    }
  }
  return { format: null, unsure };
}

/**
 * The format this browser last met the username's account in; null if never (or forgotten).
 * 'strong' as well for an account in neither list while the strong list may have lost accounts.
 */
export async function rememberedFormatOf(
  store: KeyValueStore,
  username: string,
): Promise<RecordFormat | null> {
  const { format, unsure } = await recalledFormat(store, username);
  return format ?? (unsure ? 'strong' : null);
}

/** Remembers the username's format (and forgets the others); a storage failure only costs time. */
export async function rememberFormat(
  store: KeyValueStore,
  username: string,
  format: RecordFormat,
): Promise<void> {
  try {
    const digest = await nameDigest(username);
    const others = FORMATS.filter((f) => f !== format);
    const [mine, ...theirs] = await Promise.all([
      read(store, format),
      ...others.map((other) => read(store, other)),
    ]);
    for (const [i, list] of theirs.entries()) {
      const other = others[i];
      if (!other) continue;
      const theirId = await accountId(list.salt, digest);
      if (list.unsalted || list.accounts.includes(theirId)) {
        await write(store, other, {
          ...list,
          accounts: list.accounts.filter((id) => id !== theirId),
        });
      }
    }
    const id = await accountId(mine.salt, digest);
    if (!mine.unsalted && mine.accounts.at(-1) === id) return;
    const accounts = [...mine.accounts.filter((a) => a !== id), id].slice(-MAX_REMEMBERED);
    await write(store, format, { ...mine, accounts });
  } catch {
    // Only a hint.
  }
}
