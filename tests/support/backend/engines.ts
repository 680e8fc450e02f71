// The two database engines the HTTP suites run against, behind one shape: a fresh database per
// test group, and a dump of the two data tables to prove nothing changed behind our back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineName } from '@encore-wallet/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';

export interface DataDump {
  auth: { lookup_key: string; iv: string; cipher_text: string }[];
  users: { username_key: string; username: string; wallet_address: string }[];
}

export interface EngineHarness {
  name: EngineName;
  start(): Promise<void>;
  stop(): Promise<void>;
  freshDatabaseUrl(): Promise<string>;
  dump(databaseUrl: string): Promise<DataDump>;
}

const AUTH_SQL = 'SELECT lookup_key, iv, cipher_text FROM auth_records ORDER BY lookup_key';
const USERS_SQL = 'SELECT username_key, username, wallet_address FROM users ORDER BY username_key';

function sqliteHarness(): EngineHarness {
  let dir = '';
  let count = 0;
  return {
    name: 'sqlite',
    async start() {
      dir = mkdtempSync(join(tmpdir(), 'encore-sqlite-'));
    },
    async stop() {
      rmSync(dir, { recursive: true, force: true });
    },
    async freshDatabaseUrl() {
      count += 1;
      return `sqlite:${join(dir, `db-${count}.sqlite`)}`;
    },
    async dump(databaseUrl) {
      const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
      try {
        return {
          auth: db.prepare<[], DataDump['auth'][number]>(AUTH_SQL).all(),
          users: db.prepare<[], DataDump['users'][number]>(USERS_SQL).all(),
        };
      } finally {
        db.close();
      }
    },
  };
}

function postgresHarness(): EngineHarness {
  let cluster: PostgresCluster | undefined;
  return {
    name: 'postgres',
    async start() {
      cluster = await startPostgresCluster();
    },
    async stop() {
      await cluster?.stop();
    },
    async freshDatabaseUrl() {
      if (!cluster) throw new Error('postgres harness not started');
      return cluster.createDatabase();
    },
    async dump(databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const auth = await client.query<DataDump['auth'][number]>(AUTH_SQL);
        const users = await client.query<DataDump['users'][number]>(USERS_SQL);
        return { auth: auth.rows, users: users.rows };
      } finally {
        await client.end();
      }
    },
  };
}

/** Both engines; every backend suite runs once per entry. */
export const ENGINES: readonly (() => EngineHarness)[] = [sqliteHarness, postgresHarness];
