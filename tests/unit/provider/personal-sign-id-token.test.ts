import {
  createIdToken,
  idTokenSubjectOf,
  recoverIdTokenSigner,
  userSchema,
} from '@encore-wallet/catalog';
import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'https://music.example';

const user = userSchema.parse({
  id: 'eP1Zq',
  handle: 'ray',
  name: 'Ray',
  is_verified: true,
  follower_count: 1,
  followee_count: 1,
  track_count: 1,
  playlist_count: 0,
  album_count: 0,
  repost_count: 0,
});

const hexOf = (text: string): string => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
const b64url = (json: object): string => Buffer.from(JSON.stringify(json)).toString('base64url');

/** `header.payload` of a real catalog ID token: what a forger asks personal_sign to sign. */
async function signingInput(): Promise<string> {
  // Any key will do to learn the input's shape; the attack is getting the victim's key to sign it.
  const token = await createIdToken(Wallet.createRandom(), idTokenSubjectOf(user), {
    audience: SITE,
  });
  return token.split('.').slice(0, 2).join('.');
}

describe('personal_sign never mints a catalog ID token', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
  });

  const sign = (message: string) =>
    runRpcRequest(world.ctx(SITE), { method: 'personal_sign', params: [message, WALLET.address] });

  async function refused(message: string): Promise<ProviderRpcError> {
    return sign(message).then(
      () => {
        throw new Error(`expected personal_sign of ${JSON.stringify(message)} to be refused`);
      },
      (e: ProviderRpcError) => e,
    );
  }

  it('the attack works against a signer that signs anything: the result is a valid token', async () => {
    const input = await signingInput();
    const signature = await WALLET.signMessage(input);
    const forged = `${input}.${Buffer.from(signature).toString('base64url')}`;
    expect(recoverIdTokenSigner(forged).signer).toBe(WALLET.address);
  });

  it('refuses a token signing input as text, as hex, and wrapped in whitespace', async () => {
    const input = await signingInput();
    for (const message of [input, hexOf(input), ` ${input}\n`, hexOf(`\ufeff${input}\r\n`)]) {
      const error = await refused(message);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/message \(params\[0\]\).*ID token.*encore_requestIdToken/);
    }
    expect(world.asked).toEqual([]);
  });

  it('refuses other headers a lenient verifier would take', async () => {
    const payload = b64url({ userId: user.id, sub: user.id, iat: 1 });
    const variants = [
      `${b64url({ alg: 'KECCAK256' })}.${payload}`, // alg alone, any case
      `${b64url({ typ: 'JWT', alg: 'keccak256', kid: '1' })}==.${payload}`, // padded
      `${Buffer.from(JSON.stringify({ alg: 'keccak256' })).toString('base64')}.x`, // base64, any payload
      `${b64url({ typ: 'JWT' })}.${payload}`, // JSON over JSON, no alg
    ];
    for (const message of variants) {
      expect((await refused(hexOf(message))).code).toBe(-32602);
    }
    expect(world.asked).toEqual([]);
  });

  it('still signs ordinary text with dots, and other JWT-looking text', async () => {
    const ordinary = [
      'Sign in to Backstage FM. Nonce: 8d2f.',
      `${b64url({ alg: 'HS256' })}.not-json-at-all`,
      `${await signingInput()}.extra`,
    ];
    for (const message of ordinary) {
      expect(await sign(hexOf(message))).toMatch(/^0x[0-9a-f]{130}$/);
    }
  });
});
