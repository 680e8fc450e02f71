export {
  type AreaName,
  createAreaStore,
  ENTROPY_KEY,
  type KeyValueStore,
  WALLET_PREFIX,
} from './area-store.ts';
export { formatHintStore, settleFormatHints } from './format-hints.ts';
export {
  MIGRATIONS,
  type Migration,
  type MigrationEnv,
  type RunMigrationsOptions,
  runMigrations,
  SCHEMA_VERSION,
  SCHEMA_VERSION_KEY,
  type StorageIO,
  type StorageSnapshot,
  UnsafeMigrationError,
} from './migrations/index.ts';
export {
  readProtectedRecord,
  recordSealer,
  useRecordSealer,
  writeProtectedRecord,
} from './protected-record.ts';
export { rekeyWalletData } from './rekey.ts';
export { clearWalletData, relocateWalletData } from './relocate.ts';
export { restrictStorageToExtension } from './restrict-access.ts';
export {
  createRecordSealer,
  createWalletSealer,
  generateSealingKey,
  indexedDbKeyStore,
  indexedDbRecordKeys,
  isSealedValue,
  type RecordKeyStore,
  type RecordRead,
  type RecordSealer,
  type SealedValue,
  type SealingKeyStore,
  WalletDataUnreadableError,
  type WalletSealer,
} from './sealing/index.ts';
export { createWriteQueue } from './write-queue.ts';
