// POST /evaluate in process, through the wallet core's client: the output is RFC 9497's POPRF of
// the input under the named key with the account as public input; the route refuses malformed
// input with the field's name; an evaluation for one account is worth nothing for another.
import {
  evaluateWithKeyHolder,
  KeyHolderAnswerRefusedError,
  keyHolderAccountId,
} from '@encore-wallet/core/key-holder';
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import { ristretto255, ristretto255_oprf } from '@noble/curves/ed25519.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KeyHolder, keyRingFrom } from '../src/index.ts';
import { fetchFrom, HOLDER_URL, inProcessKeyHolder, keyFile } from './support/in-process.ts';

const file = keyFile(['k1']);
const ring = keyRingFrom(file);
const k1 = ring.get('k1');
if (!k1) throw new Error('no k1');
const pin = { url: HOLDER_URL, keyId: 'k1', publicKey: k1.publicKey };
const input = new TextEncoder().encode('a strengthened derivation of the password');

let holder: KeyHolder;
beforeAll(async () => {
  holder = await inProcessKeyHolder(file);
});
afterAll(() => holder.close());

async function post(body: unknown, contentType = 'application/json'): Promise<Response> {
  return holder.fetch(
    new Request(`${HOLDER_URL}/evaluate`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-forwarded-for': '198.51.100.7' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('POST /evaluate', () => {
  it("answers RFC 9497's POPRF of the input, with the account as public input", async () => {
    const output = await evaluateWithKeyHolder({
      username: 'Alice',
      input,
      keyHolder: pin,
      fetch: fetchFrom(holder),
    });
    const account = await keyHolderAccountId('  alice ');
    expect(bytesToHex(output)).toBe(
      bytesToHex(ristretto255_oprf.poprf(account).evaluate(k1.secretKey, input)),
    );
  });

  it('gives another account another output for the same input', async () => {
    const run = (username: string) =>
      evaluateWithKeyHolder({ username, input, keyHolder: pin, fetch: fetchFrom(holder) });
    expect(bytesToHex(await run('alice'))).not.toBe(bytesToHex(await run('bob')));
  });

  it("refuses one account's evaluation replayed as another's", async () => {
    // The attacker holds an answer the key holder gave for bob and hands it to a login of alice.
    const bobs = await keyHolderAccountId('bob');
    const intercepted = { body: '' };
    const forBob = fetchFrom(holder);
    await evaluateWithKeyHolder({
      username: 'bob',
      input,
      keyHolder: pin,
      fetch: async (url, init) => {
        const response = await forBob(url, init);
        intercepted.body = await response.clone().text();
        return response;
      },
    });
    expect(JSON.parse(intercepted.body)).toHaveProperty('proof');
    expect(bytesToHex(bobs)).not.toBe(bytesToHex(await keyHolderAccountId('alice')));
    const replay = evaluateWithKeyHolder({
      username: 'alice',
      input,
      keyHolder: pin,
      fetch: async () =>
        new Response(intercepted.body, { headers: { 'content-type': 'application/json' } }),
    });
    await expect(replay).rejects.toBeInstanceOf(KeyHolderAnswerRefusedError);
    await expect(replay).rejects.toMatchObject({ reason: 'bad-proof' });
  });

  it('lists the public keys to pin', async () => {
    const response = await holder.fetch(new Request(`${HOLDER_URL}/keys`));
    expect(await response.json()).toEqual({
      suite: 'ristretto255-SHA512',
      current: 'k1',
      keys: [{ id: 'k1', publicKey: k1.publicKey }],
    });
  });

  const account = '11'.repeat(32);
  const element = bytesToHex(ristretto255.Point.BASE.multiply(5n).toBytes());
  it.each([
    [{ account, blinded: element }, 'keyId: '],
    [{ keyId: 'k1', account: 'ab', blinded: element }, 'account: must be exactly 64 hex'],
    [{ keyId: 'k1', account, blinded: `${element}00` }, 'blinded: must be exactly 64 hex'],
    [{ keyId: 'k1', account, blinded: 'zz'.repeat(32) }, 'blinded: must contain only hex'],
    [{ keyId: 'k1', account, blinded: 'ff'.repeat(32) }, 'blinded: is not a ristretto255 element'],
    [{ keyId: 'k1', account, blinded: '00'.repeat(32) }, 'blinded: must not be the identity'],
    [{ keyId: 'k 1', account, blinded: element }, 'keyId: must be 1 to 32'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it('refuses an unknown key id with 404, and other media types and oversized bodies', async () => {
    const unknown = await post({ keyId: 'k9', account, blinded: element });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'keyId: this key holder has no key with this id',
    });
    expect((await post('{}', 'text/plain')).status).toBe(415);
    expect((await post(`{"pad":"${'x'.repeat(2000)}"}`)).status).toBe(413);
    expect((await post('{not json')).status).toBe(400);
  });

  it('stops reading a body that streams past the limit without declaring its length', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 4096;
        if (sent > 1_000_000) controller.close();
        else controller.enqueue(new Uint8Array(4096).fill(0x20));
      },
    });
    const response = await holder.fetch(
      new Request(`${HOLDER_URL}/evaluate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(100_000);
  });

  it('evaluates exactly what the client blinded (the blinded element is the only input)', async () => {
    const accountBytes = hexToBytes(account);
    const poprf = ristretto255_oprf.poprf(accountBytes);
    const { blind, blinded, tweakedKey } = poprf.blind(input, hexToBytes(k1.publicKey));
    const response = await post({ keyId: 'k1', account, blinded: bytesToHex(blinded) });
    const answer = (await response.json()) as { evaluated: string; proof: string };
    const out = poprf.finalize(
      input,
      blind,
      hexToBytes(answer.evaluated),
      blinded,
      hexToBytes(answer.proof),
      tweakedKey,
    );
    expect(bytesToHex(out)).toBe(bytesToHex(poprf.evaluate(k1.secretKey, input)));
  });
});
