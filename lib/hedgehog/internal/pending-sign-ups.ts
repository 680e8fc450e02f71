// Sign-ups that reached the backend only partly. Kept in memory, keyed by lookupKey, so that
// retrying the same username + password reuses the same entropy instead of minting a second
// wallet. The encrypted record is also kept in the local store until the sign-up completes: the
// username is claimed before the record is stored, and a retry after a restart must claim with
// the same wallet, or it would find the name taken by a wallet nobody can open.
import type { HDNodeWallet } from 'ethers';
// zod's mini build: the full one costs a page ~90 KB gzipped, for one small check.
import * as z from 'zod/mini';
import type { AuthRecord, KeyValueStore } from '../types.ts';

export interface PendingSignUp {
  entropy: string;
  iv: string;
  cipherText: string;
  wallet: HDNodeWallet;
  /** setUserFn already succeeded: the username belongs to this wallet. */
  userClaimed: boolean;
  /** setAuthFn already succeeded for this record. */
  authStored: boolean;
}

export type PendingSignUps = Map<string, PendingSignUp>;

/** One slot: the latest sign-up attempt of this browser. */
export const PENDING_SIGN_UP_STORAGE_KEY = 'encore-pending-sign-up';

const rememberedSchema = z.strictObject({
  lookupKey: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  iv: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  cipherText: z.string().check(z.regex(/^[0-9a-f]+$/)),
});

export async function rememberSignUp(
  storage: KeyValueStore,
  lookupKey: string,
  record: AuthRecord,
): Promise<void> {
  const value = { lookupKey, iv: record.iv, cipherText: record.cipherText };
  await storage.set(PENDING_SIGN_UP_STORAGE_KEY, JSON.stringify(value));
}

/** The record remembered for `lookupKey`, or null (none, another sign-up's, or not a record). */
export async function recallSignUp(
  storage: KeyValueStore,
  lookupKey: string,
): Promise<AuthRecord | null> {
  const raw = await storage.get(PENDING_SIGN_UP_STORAGE_KEY);
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = rememberedSchema.safeParse(json);
  if (!parsed.success || parsed.data.lookupKey !== lookupKey) return null;
  return { iv: parsed.data.iv, cipherText: parsed.data.cipherText };
}

export async function forgetSignUp(storage: KeyValueStore): Promise<void> {
  await storage.remove(PENDING_SIGN_UP_STORAGE_KEY);
}
