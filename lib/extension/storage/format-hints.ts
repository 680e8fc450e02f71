// Where the wallet core remembers the record format it last met each username's account in
// (`encore-strong-accounts`, `encore-hedgehog-accounts`: salted digests of usernames, see
// packages/core/src/internal/strong-accounts.ts): storage.local under keys of their own, outside
// the wallet values, so the hints outlive logout and the lock setting. They are protected records
// (protected-record.ts): in Firefox, where any content script can read and write storage.local,
// sealed and bound to a write counter, so a content script reads nothing in them and can neither
// plant, change, remove nor put back one unseen. A hint that does not open is refused to the core,
// which then reads every account it may have held as strengthened (a restore never makes a weaker
// record for an account this browser met strengthened).
import { browser } from 'wxt/browser';
import type { KeyValueStore } from './area-store.ts';
import { readProtectedRecord, recordSealer, writeProtectedRecord } from './protected-record.ts';
import { WalletDataUnreadableError } from './sealing/index.ts';

const HINT_KEYS = ['encore-strong-accounts', 'encore-hedgehog-accounts'];

export function formatHintStore(): KeyValueStore {
  return {
    async get(key) {
      const read = await readProtectedRecord(key);
      if (read.status === 'absent') return null;
      if (read.status === 'ok' && typeof read.value === 'string') return read.value;
      throw new WalletDataUnreadableError('does-not-open');
    },
    set: (key, value) => writeProtectedRecord(key, value),
    remove: (key) => browser.storage.local.remove(key),
  };
}

/**
 * Reads each hint once, as the worker's start does right after the storage update: a hint the
 * update sealed counts as written from then on, so one removed later reads as removed, never as
 * one this browser never wrote.
 */
export async function settleFormatHints(): Promise<void> {
  if (!recordSealer()) return;
  for (const key of HINT_KEYS) await readProtectedRecord(key).catch(() => undefined);
}
