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
  {
    // The funding hook (off unless configured): one queued payment per new address and username,
    // and daily budget counters. Budget rows name a client address or `global` and a day, never a
    // username, and are pruned after the day; queue rows carry no client address.
    version: 2,
    sqlite: `
      CREATE TABLE funding_payments (
        wallet_address TEXT PRIMARY KEY,
        username_key TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        raw_tx TEXT,
        tx_hash TEXT,
        tx_nonce INTEGER,
        last_error TEXT
      ) WITHOUT ROWID;
      CREATE TABLE funding_budget (
        bucket TEXT NOT NULL,
        day INTEGER NOT NULL,
        used INTEGER NOT NULL,
        PRIMARY KEY (bucket, day)
      ) WITHOUT ROWID;
      CREATE TABLE funding_lease (
        id INTEGER PRIMARY KEY,
        holder TEXT NOT NULL,
        until_ms INTEGER NOT NULL
      );`,
    postgres: `
      CREATE TABLE funding_payments (
        wallet_address TEXT PRIMARY KEY,
        username_key TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        raw_tx TEXT,
        tx_hash TEXT,
        tx_nonce BIGINT,
        last_error TEXT
      );
      CREATE TABLE funding_budget (
        bucket TEXT NOT NULL,
        day BIGINT NOT NULL,
        used INTEGER NOT NULL,
        PRIMARY KEY (bucket, day)
      );
      CREATE TABLE funding_lease (
        id INTEGER PRIMARY KEY,
        holder TEXT NOT NULL,
        until_ms BIGINT NOT NULL
      );`,
  },
  {
    // The sponsor service (off unless configured): one row per sponsored operation, claimed before
    // it is simulated and sent (unique per account and nonce, so two instances never send one
    // twice), and daily budget counters per listener, client address and in total. The client
    // address stays on a row only while its claim may be given back; sent rows are pruned after
    // the day.
    version: 3,
    sqlite: `
      CREATE TABLE sponsored_ops (
        user_op_hash TEXT PRIMARY KEY,
        sender TEXT NOT NULL,
        nonce TEXT NOT NULL,
        status TEXT NOT NULL,
        day INTEGER NOT NULL,
        client_bucket TEXT NOT NULL,
        tx_hash TEXT,
        UNIQUE (sender, nonce)
      ) WITHOUT ROWID;
      CREATE TABLE sponsor_budget (
        bucket TEXT NOT NULL,
        day INTEGER NOT NULL,
        used INTEGER NOT NULL,
        PRIMARY KEY (bucket, day)
      ) WITHOUT ROWID;`,
    postgres: `
      CREATE TABLE sponsored_ops (
        user_op_hash TEXT PRIMARY KEY,
        sender TEXT NOT NULL,
        nonce TEXT NOT NULL,
        status TEXT NOT NULL,
        day BIGINT NOT NULL,
        client_bucket TEXT NOT NULL,
        tx_hash TEXT,
        UNIQUE (sender, nonce)
      );
      CREATE TABLE sponsor_budget (
        bucket TEXT NOT NULL,
        day BIGINT NOT NULL,
        used INTEGER NOT NULL,
        PRIMARY KEY (bucket, day)
      );`,
  },
];
