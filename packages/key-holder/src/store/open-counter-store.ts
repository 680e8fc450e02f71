// KEY_HOLDER_DATABASE_URL → engine: unset or `sqlite:PATH` → SQLite file; `postgres://…` →
// PostgreSQL (several instances sharing the limits). Never the record backend's database: the
// key holder keeps counters only, and is meant to run on another machine.
import { KeyHolderConfigError } from '../errors.ts';
import type { CounterStore } from './counter-store.ts';
import { openPostgresCounterStore } from './postgres-counter-store.ts';
import { openSqliteCounterStore } from './sqlite-counter-store.ts';

export const DEFAULT_COUNTER_PATH = './data/key-holder.sqlite';

export async function openCounterStore(databaseUrl: string | undefined): Promise<CounterStore> {
  const url = databaseUrl?.trim() || `sqlite:${DEFAULT_COUNTER_PATH}`;
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgresCounterStore(url);
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new KeyHolderConfigError('KEY_HOLDER_DATABASE_URL sqlite: needs a file path');
    return openSqliteCounterStore(path);
  }
  throw new KeyHolderConfigError(
    'KEY_HOLDER_DATABASE_URL must be sqlite:PATH or postgres://… (the scheme is not recognised)',
  );
}
