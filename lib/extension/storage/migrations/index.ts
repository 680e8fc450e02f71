export { MIGRATIONS, SCHEMA_VERSION } from './chain.ts';
export {
  browserStorageIO,
  type RunMigrationsOptions,
  runMigrations,
  SCHEMA_VERSION_KEY,
  type StorageIO,
  UnsafeMigrationError,
} from './run-migrations.ts';
export type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';
