// The Firefox build's sealing, with the key kept in memory instead of IndexedDB (Node has
// WebCrypto but no IndexedDB). `wipe()` is the profile losing the extension's IndexedDB.
import {
  generateSealingKey,
  type RecordKeyStore,
  type SealingKeyStore,
} from '../../../../lib/extension/storage/index.ts';

export interface MemoryKeyStore extends SealingKeyStore {
  /** The stored key disappears (site data cleared, profile cleaned up). */
  wipe(): void;
  stored(): CryptoKey | null;
}

export function memoryKeyStore(): MemoryKeyStore {
  let key: CryptoKey | null = null;
  return {
    load: async () => key,
    loadOrCreate: async () => {
      key ??= await generateSealingKey();
      return key;
    },
    delete: async () => {
      key = null;
    },
    wipe: () => {
      key = null;
    },
    stored: () => key,
  };
}

export interface MemoryRecordKeys extends RecordKeyStore {
  /** The extension's IndexedDB is cleared (site data, a profile cleanup). */
  wipe(): void;
}

/** The records' key and write counters, in memory instead of IndexedDB. */
export function memoryRecordKeys(): MemoryRecordKeys {
  let key: CryptoKey | null = null;
  let counters = new Map<string, number>();
  return {
    load: async () => key,
    loadOrCreate: async () => {
      key ??= await generateSealingKey();
      return key;
    },
    counter: async (slot) => counters.get(slot) ?? 0,
    setCounter: async (slot, value) => {
      counters.set(slot, value);
    },
    wipe: () => {
      key = null;
      counters = new Map();
    },
  };
}
