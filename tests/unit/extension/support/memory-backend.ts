import type { BackendFns } from '@encore-wallet/backend-client';
import { BackendError } from '@encore-wallet/core';

/** The persistence backend's behaviour, in memory: records by lookupKey, usernames unique. */
export function memoryBackend(): BackendFns & { records: Map<string, unknown> } {
  const records = new Map<string, { iv: string; cipherText: string }>();
  const users = new Map<string, string>();
  return {
    records,
    async getFn({ lookupKey }) {
      return records.get(lookupKey) ?? null;
    },
    async setAuthFn({ iv, cipherText, lookupKey, oldLookupKey }) {
      if (records.has(lookupKey)) throw new BackendError(409, 'lookupKey: already exists');
      records.set(lookupKey, { iv, cipherText });
      if (oldLookupKey) records.delete(oldLookupKey);
      return { ok: true };
    },
    async setUserFn({ username, walletAddress }) {
      const owner = users.get(username);
      if (owner && owner !== walletAddress) {
        throw new BackendError(409, 'username: already registered to another wallet address');
      }
      users.set(username, walletAddress);
      return { ok: true };
    },
  };
}
