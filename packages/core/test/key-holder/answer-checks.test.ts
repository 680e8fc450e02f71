// The client plays against a key holder that lies. The output is used only when the answer's DLEQ
// proof verifies for the PINNED key tweaked for this account; every other answer is a typed
// refusal, and the two ways of not getting an answer (down, rate-limited) carry what to do.
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import type { FetchText } from '@encore-wallet/utils/http';
import { ristretto255, ristretto255_oprf } from 'noble-curves-2/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  evaluateWithKeyHolder,
  KeyHolderAnswerRefusedError,
  KeyHolderPinInvalidError,
  KeyHolderRateLimitedError,
  KeyHolderRefusedError,
  KeyHolderUnreachableError,
  keyHolderAccountId,
} from '../../src/key-holder/index.ts';

const pinned = ristretto255_oprf.oprf.generateKeyPair();
const other = ristretto255_oprf.oprf.generateKeyPair();
const URL = 'http://key-holder.test';
const pin = { url: URL, keyId: 'k1', publicKey: bytesToHex(pinned.publicKey) };
const input = new TextEncoder().encode('the strengthened derivation');
const USERNAME = 'erin';

interface Sent {
  keyId: string;
  account: string;
  blinded: string;
}

/** A key holder that evaluates with `secretKey`, then lets `tamper` rewrite its answer. */
function holder(
  secretKey: Uint8Array,
  tamper: (answer: {
    keyId: string;
    evaluated: string;
    proof: string;
    hardenedUnder: string | null;
  }) => unknown = (a) => a,
): FetchText {
  return async (_url, init) => {
    const sent = JSON.parse(String(init.body)) as Sent;
    const { evaluated, proof } = ristretto255_oprf
      .poprf(hexToBytes(sent.account))
      .blindEvaluate(secretKey, hexToBytes(sent.blinded));
    const answer = {
      keyId: sent.keyId,
      evaluated: bytesToHex(evaluated),
      proof: bytesToHex(proof),
      hardenedUnder: null,
    };
    return Response.json(tamper(answer));
  };
}

const run = (fetch: FetchText, keyHolder: typeof pin = pin, timeoutMs?: number) =>
  evaluateWithKeyHolder({
    username: USERNAME,
    input,
    keyHolder,
    fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  });

async function refusal(fetch: FetchText): Promise<KeyHolderAnswerRefusedError> {
  const error = await run(fetch).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(KeyHolderAnswerRefusedError);
  expect((error as KeyHolderAnswerRefusedError).code).toBe('KEY_HOLDER_ANSWER_REFUSED');
  return error as KeyHolderAnswerRefusedError;
}

const flip = (hex: string, at: number): string =>
  hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe('the key holder client', () => {
  it('uses an honest answer: the POPRF output of the pinned key for this account', async () => {
    const account = await keyHolderAccountId(USERNAME);
    const output = await run(holder(pinned.secretKey));
    expect(bytesToHex(output)).toBe(
      bytesToHex(ristretto255_oprf.poprf(account).evaluate(pinned.secretKey, input)),
    );
  });

  it('never sends the input, only a blinded element that differs each time', async () => {
    const seen: string[] = [];
    const spy: FetchText = async (url, init) => {
      seen.push(String(init.body));
      return holder(pinned.secretKey)(url, init);
    };
    await run(spy);
    await run(spy);
    expect(seen[0]).not.toBe(seen[1]);
    for (const body of seen) expect(body).not.toContain(bytesToHex(input));
  });

  it('refuses an evaluation under another key, even with a valid proof for that key', async () => {
    expect((await refusal(holder(other.secretKey))).reason).toBe('bad-proof');
  });

  it('refuses a proof that does not verify', async () => {
    const forged = holder(pinned.secretKey, (a) => ({ ...a, proof: flip(a.proof, 5) }));
    expect((await refusal(forged)).reason).toBe('bad-proof');
  });

  it('refuses an evaluated element swapped for another valid element', async () => {
    const swapped = holder(pinned.secretKey, (a) => ({
      ...a,
      evaluated: bytesToHex(ristretto255.Point.BASE.multiply(3n).toBytes()),
    }));
    expect((await refusal(swapped)).reason).toBe('bad-proof');
  });

  it('refuses the identity element', async () => {
    const identity = holder(pinned.secretKey, (a) => ({ ...a, evaluated: '00'.repeat(32) }));
    expect((await refusal(identity)).reason).toBe('identity');
  });

  it('refuses a malformed point', async () => {
    const malformed = holder(pinned.secretKey, (a) => ({ ...a, evaluated: 'ff'.repeat(32) }));
    expect((await refusal(malformed)).reason).toBe('not-an-element');
  });

  it.each([
    [
      'a short evaluated element',
      (a: { evaluated: string }) => ({ ...a, evaluated: a.evaluated.slice(2) }),
    ],
    ['a long proof', (a: { proof: string }) => ({ ...a, proof: `${a.proof}00` })],
    ['a missing proof', ({ proof: _, ...a }: { proof: string }) => a],
    ['non-hex', (a: { proof: string }) => ({ ...a, proof: 'zz'.repeat(64) })],
    ['not an object', () => 'ok'],
  ])('refuses %s as malformed', async (_name, tamper) => {
    const bad = holder(pinned.secretKey, tamper as (a: unknown) => unknown);
    expect((await refusal(bad)).reason).toBe('malformed');
  });

  it('refuses an answer that names another key id', async () => {
    const renamed = holder(pinned.secretKey, (a) => ({ ...a, keyId: 'k0' }));
    expect((await refusal(renamed)).reason).toBe('other-key');
  });

  it('refuses an answer too large to be one, without reading it all', async () => {
    const huge: FetchText = async () => new Response('x'.repeat(100_000));
    expect((await refusal(huge)).reason).toBe('malformed');
  });

  it('says the key holder is down on a network failure, a timeout or a 5xx', async () => {
    const down: FetchText = async () => {
      throw new TypeError('fetch failed');
    };
    const hung: FetchText = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const failing: FetchText = async () => Response.json({ error: 'oops' }, { status: 503 });
    await expect(run(down)).rejects.toBeInstanceOf(KeyHolderUnreachableError);
    await expect(run(hung, pin, 50)).rejects.toBeInstanceOf(KeyHolderUnreachableError);
    await expect(run(failing)).rejects.toMatchObject({
      code: 'KEY_HOLDER_UNREACHABLE',
      status: 503,
    });
  });

  it('carries the wait of a 429, from the body or else from Retry-After', async () => {
    const limited: FetchText = async () =>
      Response.json(
        { error: 'too many evaluations: try again in 120 s', retryAfterSeconds: 120 },
        { status: 429, headers: { 'retry-after': '120' } },
      );
    const headerOnly: FetchText = async () =>
      new Response('', { status: 429, headers: { 'retry-after': '45' } });
    const error = await run(limited).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyHolderRateLimitedError);
    expect(error).toMatchObject({ retryAfterSeconds: 120, code: 'KEY_HOLDER_RATE_LIMITED' });
    await expect(run(headerOnly)).rejects.toMatchObject({ retryAfterSeconds: 45 });
  });

  it('reports a refusal of the request (an unknown key id) with its reason', async () => {
    const unknown: FetchText = async () =>
      Response.json({ error: 'keyId: this key holder has no key with this id' }, { status: 404 });
    const error = await run(unknown).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyHolderRefusedError);
    expect(error).toMatchObject({
      status: 404,
      reason: 'keyId: this key holder has no key with this id',
    });
  });

  it.each([
    ['the identity', '00'.repeat(32)],
    ['no element', 'ff'.repeat(32)],
    ['the wrong length', 'ab'.repeat(31)],
  ])('refuses a pinned key that is %s before asking anything', async (_name, publicKey) => {
    let asked = false;
    const never: FetchText = async () => {
      asked = true;
      return new Response('');
    };
    await expect(run(never, { ...pin, publicKey })).rejects.toBeInstanceOf(
      KeyHolderPinInvalidError,
    );
    expect(asked).toBe(false);
  });
});
