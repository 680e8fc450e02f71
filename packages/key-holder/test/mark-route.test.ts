// POST /hardened in process: it marks an account hardened under a key of the ring, which every
// evaluation for that account then answers with (and no other account's); its input is checked
// field by field, an unknown key id is refused, and marks are limited per client address.
import { askKeyHolder, keyHolderAccountIdHex, markHardened } from '@encore-wallet/core/key-holder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KeyHolder, keyRingFrom } from '../src/index.ts';
import { fetchFrom, HOLDER_URL, inProcessKeyHolder, keyFile } from './support/in-process.ts';

const file = keyFile(['k1', 'k2']);
const ring = keyRingFrom(file);
const pin = { url: HOLDER_URL, keyId: 'k1', publicKey: ring.get('k1')?.publicKey ?? '' };
const input = new TextEncoder().encode('a hash of the credentials');

let holder: KeyHolder;
beforeAll(async () => {
  holder = await inProcessKeyHolder(file, { perAddress: 3, perAccount: 100 });
});
afterAll(() => holder.close());

const mark = (username: string, keyId: string, address = '198.51.100.20') =>
  markHardened({ url: HOLDER_URL, username, keyId, fetch: fetchFrom(holder, address) });
let asked = 0;
/** The mark an evaluation answers with (each from its own address: these limits are tight). */
async function markOf(username: string): Promise<string | null> {
  const fetch = fetchFrom(holder, `203.0.113.${++asked}`);
  return (await askKeyHolder({ username, input, keyHolder: pin, fetch })).hardenedUnder;
}

async function post(body: unknown): Promise<Response> {
  return holder.fetch(
    new Request(`${HOLDER_URL}/hardened`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.21' },
      body: JSON.stringify(body),
    }),
  );
}

describe('POST /hardened', () => {
  it('marks one account under the key named, and a later mark moves it to another key', async () => {
    expect(await markOf('Iris')).toBeNull();
    await mark('Iris', 'k1');
    expect(await markOf('iris')).toBe('k1');
    expect(await markOf('Ivo')).toBeNull();
    await mark('Iris', 'k2');
    expect(await markOf('Iris')).toBe('k2');
  });

  it('refuses malformed input with the field, and a key id the ring does not hold', async () => {
    const account = await keyHolderAccountIdHex('Jade');
    expect(await (await post({ keyId: 'k1', account: 'zz' })).json()).toEqual({
      error: 'account: must be exactly 64 hex characters',
    });
    const unknown = await post({ keyId: 'k9', account });
    expect(unknown.status).toBe(404);
    expect(await markOf('Jade')).toBeNull();
  });

  it('limits marks per client address', async () => {
    const address = '198.51.100.30';
    for (const name of ['a', 'b', 'c']) await mark(name, 'k1', address);
    await expect(mark('d', 'k1', address)).rejects.toMatchObject({
      code: 'KEY_HOLDER_RATE_LIMITED',
    });
    expect(await markOf('d')).toBeNull();
  });
});
