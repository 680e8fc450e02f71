// DATABASE_URL → engine: unset or `sqlite:PATH` → SQLite file; `postgres://…` → PostgreSQL.
import { ServerConfigError } from '../errors.ts';
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

const DEFAULT_SQLITE_PATH = './data/encore.sqlite';

export async function openStore(databaseUrl: string | undefined): Promise<Store> {
  const url = databaseUrl?.trim() || `sqlite:${DEFAULT_SQLITE_PATH}`;
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgresStore(url);
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new ServerConfigError('DATABASE_URL sqlite: needs a file path');
    return openSqliteStore(path);
  }
  throw new ServerConfigError(
    'DATABASE_URL must be sqlite:PATH or postgres://… (the scheme is not recognised)',
  );
}
