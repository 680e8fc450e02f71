// The Firefox build's sealing, with the key kept in memory instead of IndexedDB (Node has
// WebCrypto but no IndexedDB). `wipe()` is the profile losing the extension's IndexedDB.
import {
  generateSealingKey,
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
