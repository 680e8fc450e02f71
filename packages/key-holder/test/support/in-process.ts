// A key holder in this process (SQLite in memory), and a fetch that reaches it as a client
// behind one trusted proxy at the given address, for the unit tests.
import type { FetchText } from '@encore-wallet/utils/http';
import {
  createKeyHolder,
  type GuessLimits,
  type KeyFile,
  type KeyHolder,
  keyRingFrom,
  newSecretKey,
} from '../../src/index.ts';

export function keyFile(ids: readonly string[], current = ids[0] ?? 'k1'): KeyFile {
  return { current, keys: ids.map((id) => ({ id, secretKey: newSecretKey() })) };
}

export async function inProcessKeyHolder(
  file: KeyFile,
  limits: Partial<GuessLimits> = {},
  now?: () => number,
): Promise<KeyHolder> {
  return createKeyHolder({
    keys: keyRingFrom(file),
    databaseUrl: 'sqlite::memory:',
    limits,
    trustProxy: 1,
    ...(now ? { now } : {}),
  });
}

/** A fetch into `holder` as a client at `address` (one trusted proxy writes X-Forwarded-For). */
export function fetchFrom(holder: KeyHolder, address = '198.51.100.1'): FetchText {
  return async (url, init) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    return holder.fetch(new Request(url, { ...init, headers }));
  };
}

export const HOLDER_URL = 'http://key-holder.test';
