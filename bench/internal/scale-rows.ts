// The rows bench:scale fills a store with: row i of each table, the same on both engines (SQLite
// computes them here, PostgreSQL with the same md5 expressions in SQL), so a bench knows which
// lookupKeys are stored (i < n) without reading the database. The strings have the lengths real
// ones have: a 64-hex lookupKey, a 32-hex iv, a 128-hex cipherText (AES-CBC of Hedgehog's 51-byte
// plaintext, padded to 64 bytes), a 42-character address.
import { createHash } from 'node:crypto';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const reverse = (text: string): string => text.split('').reverse().join('');

export interface ScaleRow {
  lookupKey: string;
  iv: string;
  cipherText: string;
  usernameKey: string;
  username: string;
  walletAddress: string;
}

/** Row `i` (a record and a user). */
export function scaleRow(i: number): ScaleRow {
  const a = md5(`k${i}`);
  const b = md5(`K${i}`);
  const c = md5(`i${i}`);
  return {
    lookupKey: a + b,
    iv: c,
    cipherText: b + c + a + reverse(c),
    usernameKey: `listener-${i}`,
    username: `Listener-${i}`,
    walletAddress: `0x${md5(`w${i}`)}${c.slice(0, 8)}`,
  };
}

/** The lookupKey of row `i`: stored when i < n. */
export function scaleLookupKey(i: number): string {
  return md5(`k${i}`) + md5(`K${i}`);
}

/** PostgreSQL's INSERT … SELECT of rows [from, to) of each table (bound as $1 and $2). */
export const POSTGRES_FILL = {
  auth: `INSERT INTO auth_records (lookup_key, iv, cipher_text)
    SELECT md5('k' || i) || md5('K' || i), md5('i' || i),
           md5('K' || i) || md5('i' || i) || md5('k' || i) || reverse(md5('i' || i))
    FROM generate_series($1::bigint, $2::bigint - 1) AS i`,
  users: `INSERT INTO users (username_key, username, wallet_address)
    SELECT 'listener-' || i, 'Listener-' || i, '0x' || md5('w' || i) || substr(md5('i' || i), 1, 8)
    FROM generate_series($1::bigint, $2::bigint - 1) AS i`,
} as const;

/** The bytes of the three strings a record holds, and of the three a user holds (ASCII). */
export function stringBytes(row: ScaleRow): { record: number; user: number } {
  return {
    record: row.lookupKey.length + row.iv.length + row.cipherText.length,
    user: row.usernameKey.length + row.username.length + row.walletAddress.length,
  };
}

/** A deterministic sample of `count` indices below `n` (spread over the whole range). */
export function sampleIndices(n: number, count: number, seed = 1): number[] {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    // xorshift32: enough to spread the sample, the same every run.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return Array.from({ length: Math.min(count, n) }, () => Math.floor((next() / 2 ** 32) * n));
}
