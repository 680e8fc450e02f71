import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  createIdToken,
  InvalidIdTokenError,
  recoverIdTokenSigner,
  type User,
  userSchema,
} from '../../../lib/catalog/index.ts';
import { SHARED_FIXTURES } from '../../support/shared-fixtures.ts';

const example = JSON.parse(
  readFileSync(join(SHARED_FIXTURES, 'audius/samples/oauth-jwt-example-decoded.json'), 'utf8'),
) as { header: unknown; signature_segment_decoded: string };

const user: User = userSchema.parse({
  id: 'xk9ZlV9',
  handle: 'iamray',
  name: 'ray',
  is_verified: false,
  follower_count: 1,
  followee_count: 2,
  track_count: 0,
  playlist_count: 0,
  repost_count: 0,
  profile_picture: { '150x150': 'https://img/150x150.jpg' },
});

function segment(token: string, index: number): unknown {
  const part = token.split('.')[index]!;
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
}

describe('createIdToken', () => {
  const wallet = Wallet.createRandom();

  it('follows the real construction: header, payload, base64url of the 0x signature text', async () => {
    const token = await createIdToken(wallet, user, { issuedAt: 1690421713 });
    expect(segment(token, 0)).toEqual(example.header);
    expect(segment(token, 1)).toEqual({
      userId: 'xk9ZlV9',
      email: null,
      name: 'ray',
      handle: 'iamray',
      verified: false,
      profilePicture: { '150x150': 'https://img/150x150.jpg' },
      sub: 'xk9ZlV9',
      iat: 1690421713,
    });
    const signatureText = Buffer.from(token.split('.')[2]!, 'base64url').toString('ascii');
    expect(signatureText).toMatch(/^0x[0-9a-f]{130}$/);
    expect(signatureText.length).toBe(example.signature_segment_decoded.length);
    expect(token).not.toContain('=');
  });

  it('is recovered to the signing wallet', async () => {
    const token = await createIdToken(wallet, user);
    const { signer, payload } = recoverIdTokenSigner(token);
    expect(signer).toBe(wallet.address);
    expect(payload.userId).toBe('xk9ZlV9');
  });

  it('survives non-ASCII names', async () => {
    const token = await createIdToken(wallet, { ...user, name: 'Audius Español 🎧' });
    expect(recoverIdTokenSigner(token).payload.name).toBe('Audius Español 🎧');
  });

  it('a tampered payload recovers someone else', async () => {
    const token = await createIdToken(wallet, user);
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...(segment(token, 1) as object), userId: 'other' }),
    ).toString('base64url');
    expect(recoverIdTokenSigner(`${h}.${forged}.${s}`).signer).not.toBe(wallet.address);
  });

  it('rejects malformed tokens with a typed error', () => {
    expect(() => recoverIdTokenSigner('a.b')).toThrow(InvalidIdTokenError);
    expect(() => recoverIdTokenSigner('!!.e30.e30')).toThrow(InvalidIdTokenError);
    const header = Buffer.from('{"typ":"JWT","alg":"none"}').toString('base64url');
    expect(() => recoverIdTokenSigner(`${header}.e30.e30`)).toThrow(/header/);
  });
});
