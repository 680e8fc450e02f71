// @encore-wallet/core/storage: where the logged-in entropy is kept (memory, Web Storage, or the
// integrator's own KeyValueStore).
export {
  createDefaultStore,
  createMemoryStore,
  ENTROPY_STORAGE_KEY,
  isStoredEntropy,
  type WebStorageLike,
  wrapWebStorage,
} from '../storage.ts';
export type { KeyValueStore } from '../types.ts';
