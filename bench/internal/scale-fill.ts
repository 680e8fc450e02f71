// bench:scale's generator: writes rows [from, to) of records and users straight into a store's
// database in big transactions (no HTTP, no group commit: ten million requests would take hours),
// after the store itself has created its schema. SQLite through better-sqlite3's prepared
// statements; PostgreSQL with INSERT … SELECT over generate_series, computed by the server. Both
// give the same rows (scale-rows.ts), inserted in key order of the row number, which is random
// order for the lookupKey index, as real sign-ups are.
import Database from 'better-sqlite3';
import pg from 'pg';
import { POSTGRES_FILL, scaleRow } from './scale-rows.ts';

/** Rows per transaction. */
const CHUNK = 100_000;

export function fillSqlite(path: string, from: number, to: number): void {
  const db = new Database(path);
  try {
    // The fill is not the store's traffic: durability is the bench's to skip, not the store's.
    // Without the WAL for the fill: random keys dirty most leaf pages of the table in every big
    // transaction, and the WAL would take each of them twice (measured: a 490 MB WAL beside a
    // 950 MB file). The cache holds the whole table at 10^7 (about 3.5 GB).
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -4194304');
    const insertAuth = db.prepare<[string, string, string]>(
      'INSERT INTO auth_records (lookup_key, iv, cipher_text) VALUES (?, ?, ?)',
    );
    const insertUser = db.prepare<[string, string, string]>(
      'INSERT INTO users (username_key, username, wallet_address) VALUES (?, ?, ?)',
    );
    const chunk = db.transaction((start: number, end: number) => {
      for (let i = start; i < end; i++) {
        const row = scaleRow(i);
        insertAuth.run(row.lookupKey, row.iv, row.cipherText);
        insertUser.run(row.usernameKey, row.username, row.walletAddress);
      }
    });
    for (let i = from; i < to; i += CHUNK * 10) chunk(i, Math.min(to, i + CHUNK * 10));
    // Back to the store's journal: it opens with an empty WAL, as after its checkpointer has run.
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}

export async function fillPostgres(databaseUrl: string, from: number, to: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    for (let i = from; i < to; i += CHUNK * 10) {
      const end = Math.min(to, i + CHUNK * 10);
      await client.query(POSTGRES_FILL.auth, [i, end]);
      await client.query(POSTGRES_FILL.users, [i, end]);
    }
    // Statistics and the visibility map, as autovacuum would leave them on a store this size.
    await client.query('VACUUM ANALYZE auth_records');
    await client.query('VACUUM ANALYZE users');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

export interface StoreSize {
  /** Everything the database holds on disk (SQLite: file and WAL; PostgreSQL: the database). */
  total: number;
  /** The records' table with its index (SQLite WITHOUT ROWID: the table is its index). */
  records: number;
  users: number;
}

export function sqliteSize(path: string, fileBytes: number): StoreSize {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare<[], { name: string; bytes: number }>(
        "SELECT name, SUM(pgsize) AS bytes FROM dbstat WHERE name IN ('auth_records', 'users') GROUP BY name",
      )
      .all();
    const of = (name: string): number => rows.find((r) => r.name === name)?.bytes ?? 0;
    return { total: fileBytes, records: of('auth_records'), users: of('users') };
  } finally {
    db.close();
  }
}

export async function postgresSize(databaseUrl: string): Promise<StoreSize> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string; records: string; users: string }>(
      `SELECT pg_database_size(current_database()) AS total,
              pg_total_relation_size('auth_records') AS records,
              pg_total_relation_size('users') AS users`,
    );
    const row = rows[0];
    return { total: Number(row?.total), records: Number(row?.records), users: Number(row?.users) };
  } finally {
    await client.end();
  }
}
