// Sign-ups that reached the backend only partly. Kept in memory, keyed by lookupKey, so that
// retrying the same username + password reuses the same entropy instead of minting a second
// wallet. The encrypted record is also kept in the local store until the sign-up completes: the
// username is claimed before the record is stored, and a retry after a restart must claim with
// the same wallet, or it would find the name taken by a wallet nobody can open. The store keeps a
// few of them, newest first: a person who meets an error may try another password or another
// name before coming back, and those attempts must not push out the one whose name is claimed.
import type { HDNodeWallet } from 'ethers';
// zod's mini build: the full one costs a page ~90 KB gzipped, for one small check.
import * as z from 'zod/mini';
import type { AuthRecord, KeyValueStore, RecordFormat } from '../types.ts';

export interface PendingSignUp {
  entropy: string;
  iv: string;
  cipherText: string;
  wallet: HDNodeWallet;
  /** setUserFn already succeeded: the username belongs to this wallet. */
  userClaimed: boolean;
  /** setAuthFn already succeeded for this record. */
  authStored: boolean;
  /** The format of the record, when it is not the sign-up's own (an account found existing). */
  format?: RecordFormat;
}

export type PendingSignUps = Map<string, PendingSignUp>;

/** The remembered attempts (a JSON list, newest first; older builds kept one object). */
export const PENDING_SIGN_UP_STORAGE_KEY = 'encore-pending-sign-up';

/** Attempts kept; an older one falls off only after this many others. */
export const MAX_PENDING_SIGN_UPS = 8;

function buildRememberedSchema() {
  return z.strictObject({
    lookupKey: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    iv: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
    cipherText: z.string().check(z.regex(/^[0-9a-f]+$/)),
  });
}

let remembered: ReturnType<typeof buildRememberedSchema> | undefined;

/** One remembered attempt's shape (built on first use, not when the worker loads). */
function rememberedSchema(): ReturnType<typeof buildRememberedSchema> {
  remembered ??= buildRememberedSchema();
  return remembered;
}

type Remembered = z.infer<ReturnType<typeof rememberedSchema>>;

/** Every well-formed entry stored; anything else in the slot reads as none. */
async function readAll(storage: KeyValueStore): Promise<Remembered[]> {
  const raw = await storage.get(PENDING_SIGN_UP_STORAGE_KEY);
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const entries = Array.isArray(json) ? json : [json];
  return entries.flatMap((entry) => {
    const parsed = rememberedSchema().safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

async function writeAll(storage: KeyValueStore, entries: Remembered[]): Promise<void> {
  if (entries.length === 0) await storage.remove(PENDING_SIGN_UP_STORAGE_KEY);
  else await storage.set(PENDING_SIGN_UP_STORAGE_KEY, JSON.stringify(entries));
}

export async function rememberSignUp(
  storage: KeyValueStore,
  lookupKey: string,
  record: AuthRecord,
): Promise<void> {
  const others = (await readAll(storage)).filter((entry) => entry.lookupKey !== lookupKey);
  const entry = { lookupKey, iv: record.iv, cipherText: record.cipherText };
  await writeAll(storage, [entry, ...others].slice(0, MAX_PENDING_SIGN_UPS));
}

/** The record remembered for `lookupKey`, or null (none, or not a record). */
export async function recallSignUp(
  storage: KeyValueStore,
  lookupKey: string,
): Promise<AuthRecord | null> {
  const found = (await readAll(storage)).find((entry) => entry.lookupKey === lookupKey);
  return found ? { iv: found.iv, cipherText: found.cipherText } : null;
}

/** Forgets the attempt for `lookupKey` (completed, or its name belongs to another wallet). */
export async function forgetSignUp(storage: KeyValueStore, lookupKey: string): Promise<void> {
  const entries = await readAll(storage);
  const rest = entries.filter((entry) => entry.lookupKey !== lookupKey);
  if (rest.length !== entries.length || entries.length === 0) await writeAll(storage, rest);
}
