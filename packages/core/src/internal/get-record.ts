// Calls the integrator's getFn and reads "no record" the same whichever way it is said.
import { BackendError } from '@encore-wallet/contract';
import type { AuthRecord, GetFn } from '../types.ts';

export async function getRecord(getFn: GetFn, lookupKey: string): Promise<AuthRecord | null> {
  let record: AuthRecord | null | undefined;
  try {
    record = await getFn({ lookupKey });
  } catch (err) {
    // Some backends answer an unknown lookupKey with 404 instead of an empty body.
    if (err instanceof BackendError && err.status === 404) return null;
    throw err;
  }
  if (!record || typeof record.iv !== 'string' || typeof record.cipherText !== 'string') {
    return null;
  }
  if (!record.iv || !record.cipherText) return null;
  return { iv: record.iv, cipherText: record.cipherText };
}
