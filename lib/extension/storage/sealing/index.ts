// Wallet values sealed for Firefox's storage.local, which content scripts can read: AES-GCM under
// a non-extractable key in the extension origin's IndexedDB.
export { WalletDataUnreadableError } from './errors.ts';
export {
  indexedDbKeyStore,
  indexedDbRecordKeys,
  type RecordKeyStore,
  type SealingKeyStore,
} from './key-store.ts';
export { createRecordSealer, type RecordRead, type RecordSealer } from './record-sealer.ts';
export { generateSealingKey, isSealedValue, type SealedValue } from './sealed-value.ts';
export { createWalletSealer, type WalletSealer } from './wallet-sealer.ts';
