// The guesser's view of the limits, in process: guesses for one account from many addresses stop
// at the account's limit, with a wait that grows and is said in Retry-After and the body; a
// guess for one account spends nothing of another's; one address is limited across accounts.
import {
  evaluateWithKeyHolder,
  KeyHolderRateLimitedError,
  keyHolderAccountIdHex,
} from '@encore-wallet/core/key-holder';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { ristretto255 } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyHolder, type KeyHolder, keyRingFrom } from '../src/index.ts';
import { fetchFrom, HOLDER_URL, inProcessKeyHolder, keyFile } from './support/in-process.ts';

const LIMITS = {
  windowSeconds: 3600,
  perAccount: 4,
  perAddress: 6,
  baseWaitSeconds: 30,
  maxWaitSeconds: 3600,
  forgetAfterSeconds: 86_400,
};
const file = keyFile(['k1']);
const publicKey = keyRingFrom(file).get('k1')?.publicKey ?? '';
const blinded = bytesToHex(ristretto255.Point.BASE.multiply(7n).toBytes());

let holder: KeyHolder | undefined;
afterEach(() => holder?.close());

async function guess(h: KeyHolder, username: string, from: string): Promise<Response> {
  return h.fetch(
    new Request(`${HOLDER_URL}/evaluate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({
        keyId: 'k1',
        account: await keyHolderAccountIdHex(username),
        blinded,
      }),
    }),
  );
}

describe('guess limits', () => {
  it('hold per account across many client addresses, with a wait that grows', async () => {
    let now = 1_700_000_000_000;
    holder = await inProcessKeyHolder(file, LIMITS, () => now);
    const h = holder;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess(h, 'victim', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);

    const refused = await guess(h, 'victim', '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      error: 'too many evaluations: try again in 30 s',
      retryAfterSeconds: 30,
    });

    now += 30_000;
    for (let i = 0; i < 4; i++)
      expect((await guess(h, 'victim', `198.18.0.${i}`)).status).toBe(200);
    const again = await guess(h, 'victim', '198.18.0.99');
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('60');
  });

  it("spends nothing of another account's budget", async () => {
    holder = await inProcessKeyHolder(file, LIMITS);
    const h = holder;
    for (let i = 0; i < 8; i++) await guess(h, 'victim', `203.0.113.${i}`);
    expect((await guess(h, 'victim', '203.0.113.50')).status).toBe(429);
    // Another account, from addresses with budget left: its whole limit, and not one more.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await guess(h, 'bystander', `198.51.100.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('limit one client address across accounts', async () => {
    holder = await inProcessKeyHolder(file, LIMITS);
    const h = holder;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await guess(h, `user-${i}`, '203.0.113.77')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await guess(h, 'user-9', '203.0.113.78')).status).toBe(200);
  });

  it('attack: a port the proxy wrote, new for each connection, is not a fresh budget', async () => {
    holder = await inProcessKeyHolder(file, LIMITS);
    const h = holder;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await guess(h, `user-${i}`, `203.0.113.77:${51_000 + i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('reach the client as KeyHolderRateLimitedError carrying the wait', async () => {
    holder = await inProcessKeyHolder(file, { ...LIMITS, perAccount: 1 });
    const pin = { url: HOLDER_URL, keyId: 'k1', publicKey };
    const run = () =>
      evaluateWithKeyHolder({
        username: 'carol',
        input: new Uint8Array([1, 2, 3]),
        keyHolder: pin,
        fetch: fetchFrom(holder as KeyHolder),
      });
    await run();
    const refused = run();
    await expect(refused).rejects.toBeInstanceOf(KeyHolderRateLimitedError);
    await expect(refused).rejects.toMatchObject({
      code: 'KEY_HOLDER_RATE_LIMITED',
      retryAfterSeconds: 30,
    });
  });

  it('ignore a forged X-Forwarded-For unless the operator trusts a proxy', async () => {
    holder = await createKeyHolder({
      keys: keyRingFrom(file),
      databaseUrl: 'sqlite::memory:',
      limits: LIMITS,
    });
    const h = holder;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await guess(h, `user-${i}`, `10.9.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
