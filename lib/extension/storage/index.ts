export {
  type AreaName,
  createAreaStore,
  ENTROPY_KEY,
  type KeyValueStore,
  WALLET_PREFIX,
} from './area-store.ts';
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
export { rekeyWalletData } from './rekey.ts';
export { clearWalletData, relocateWalletData } from './relocate.ts';
export { restrictStorageToExtension } from './restrict-access.ts';
export {
  createWalletSealer,
  generateSealingKey,
  indexedDbKeyStore,
  isSealedValue,
  type SealedValue,
  type SealingKeyStore,
  WalletDataUnreadableError,
  type WalletSealer,
} from './sealing/index.ts';
export { createWriteQueue } from './write-queue.ts';
