// Schema history. Each step runs once per database, in order, inside a transaction.
// The two data tables share nothing: no foreign key, no id column or sequence, no timestamps, and
// SQLite tables are WITHOUT ROWID so not even a hidden insertion counter could pair their rows.

export interface Migration {
  version: number;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sqlite: `
      CREATE TABLE auth_records (
        lookup_key TEXT PRIMARY KEY,
        iv TEXT NOT NULL,
        cipher_text TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE users (
        username_key TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        wallet_address TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE rate_limit_hits (
        bucket TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      ) WITHOUT ROWID;`,
    postgres: `
      CREATE TABLE auth_records (
        lookup_key TEXT PRIMARY KEY,
        iv TEXT NOT NULL,
        cipher_text TEXT NOT NULL
      );
      CREATE TABLE users (
        username_key TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        wallet_address TEXT NOT NULL
      );
      CREATE TABLE rate_limit_hits (
        bucket TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      );`,
  },
];
