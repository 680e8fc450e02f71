import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SHARED_FIXTURES } from '../../../tests/support/shared-fixtures.ts';
import {
  createIdToken,
  IdTokenClaimError,
  type IdTokenClaimErrorCode,
  InvalidIdTokenError,
  idTokenSubjectOf,
  recoverIdTokenSigner,
  type User,
  userSchema,
  verifiedTokenSchema,
  verifyIdTokenClaims,
} from '../src/index.ts';

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

const subject = idTokenSubjectOf(user);
const SITE = 'https://music.example';

function segment(token: string, index: number): unknown {
  const part = token.split('.')[index]!;
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
}

describe('createIdToken', () => {
  const wallet = Wallet.createRandom();

  it('follows the real construction: header, payload, base64url of the 0x signature text', async () => {
    const token = await createIdToken(wallet, subject, { audience: SITE, issuedAt: 1690421713 });
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
      aud: SITE,
      exp: 1690421713 + 300,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const signatureText = Buffer.from(token.split('.')[2]!, 'base64url').toString('ascii');
    expect(signatureText).toMatch(/^0x[0-9a-f]{130}$/);
    expect(signatureText.length).toBe(example.signature_segment_decoded.length);
    expect(token).not.toContain('=');
  });

  it('is recovered to the signing wallet', async () => {
    const token = await createIdToken(wallet, subject, { audience: SITE });
    const { signer, payload } = recoverIdTokenSigner(token);
    expect(signer).toBe(wallet.address);
    expect(payload.userId).toBe('xk9ZlV9');
  });

  it('survives non-ASCII names', async () => {
    const token = await createIdToken(
      wallet,
      { ...subject, name: 'Audius Español 🎧' },
      { audience: SITE },
    );
    expect(recoverIdTokenSigner(token).payload.name).toBe('Audius Español 🎧');
  });

  it('a tampered payload recovers someone else', async () => {
    const token = await createIdToken(wallet, subject, { audience: SITE });
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

describe('ID token binding: aud, exp, nonce', () => {
  const wallet = Wallet.createRandom();

  it('binds every token to the audience and lifetime given, with a fresh 128-bit nonce', async () => {
    const a = segment(await createIdToken(wallet, subject, { audience: SITE }), 1) as Payload;
    const b = segment(
      await createIdToken(wallet, subject, { audience: SITE, lifetimeSeconds: 60 }),
      1,
    ) as Payload;
    expect(a.exp - a.iat).toBe(300);
    expect(b.exp - b.iat).toBe(60);
    expect(a.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(b.nonce).not.toBe(a.nonce);
  });

  it('refuses to mint for anything but a bare http(s) origin, or for no time', async () => {
    for (const audience of ['https://music.example/', 'https://music.example/x', 'javascript:1']) {
      await expect(createIdToken(wallet, subject, { audience })).rejects.toThrow(
        InvalidIdTokenError,
      );
    }
    await expect(
      createIdToken(wallet, subject, { audience: SITE, lifetimeSeconds: 0 }),
    ).rejects.toThrow(InvalidIdTokenError);
  });

  it('the payload schema stays lenient: the new claims pass through, old tokens still decode', async () => {
    const token = await createIdToken(wallet, subject, { audience: SITE });
    const payload = recoverIdTokenSigner(token).payload;
    expect(payload).toMatchObject({ aud: SITE, nonce: expect.any(String) });
    const { aud: _a, exp: _e, nonce: _n, ...catalogOnly } = segment(token, 1) as Payload;
    expect(verifiedTokenSchema.safeParse(catalogOnly).success).toBe(true);
  });
});

type Payload = { iat: number; exp: number; aud: string; nonce: string } & Record<string, unknown>;

describe('verifyIdTokenClaims', () => {
  const wallet = Wallet.createRandom();
  const NOW = 1_750_000_000;
  const mint = async (audience = SITE) =>
    recoverIdTokenSigner(await createIdToken(wallet, subject, { audience, issuedAt: NOW })).payload;

  function refusal(run: () => unknown): IdTokenClaimErrorCode | null {
    try {
      run();
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(IdTokenClaimError);
      return (error as IdTokenClaimError).code;
    }
  }

  it('accepts a fresh token minted for this site and hands back the nonce to remember', async () => {
    const payload = await mint();
    const claims = verifyIdTokenClaims(payload, { audience: `${SITE}/`, now: NOW + 10 });
    expect(claims).toEqual({ aud: SITE, iat: NOW, exp: NOW + 300, nonce: payload.nonce });
  });

  it('refuses a token minted for another site and replayed here', async () => {
    const stolen = await mint('https://evil.example');
    expect(refusal(() => verifyIdTokenClaims(stolen, { audience: SITE, now: NOW }))).toBe(
      'ID_TOKEN_WRONG_AUDIENCE',
    );
  });

  it('refuses an expired token, allowing only the clock skew', async () => {
    const payload = await mint();
    const at = (now: number) => () =>
      verifyIdTokenClaims(payload, { audience: SITE, now, maxClockSkewSeconds: 30 });
    expect(refusal(at(NOW + 300 + 29))).toBeNull();
    expect(refusal(at(NOW + 300 + 30))).toBe('ID_TOKEN_EXPIRED');
    expect(refusal(() => verifyIdTokenClaims(payload, { audience: SITE, now: NOW + 360 }))).toBe(
      'ID_TOKEN_EXPIRED',
    );
  });

  it('refuses a token issued in the future', async () => {
    const payload = await mint();
    expect(refusal(() => verifyIdTokenClaims(payload, { audience: SITE, now: NOW - 61 }))).toBe(
      'ID_TOKEN_NOT_YET_VALID',
    );
  });

  it('refuses an unbound token (no aud, exp or nonce) as the catalog apps make them', async () => {
    const { aud: _a, ...noAudience } = await mint();
    const { exp: _e, ...noExpiry } = await mint();
    const { nonce: _n, ...noNonce } = await mint();
    for (const payload of [noAudience, noExpiry, noNonce, { ...noExpiry, exp: 'never' }]) {
      expect(refusal(() => verifyIdTokenClaims(payload, { audience: SITE, now: NOW }))).toBe(
        'ID_TOKEN_CLAIMS_MISSING',
      );
    }
  });

  it('its errors keep their code across a message boundary', () => {
    const error = new IdTokenClaimError('ID_TOKEN_EXPIRED', 'ID token has expired');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'IdTokenClaimError',
      code: 'ID_TOKEN_EXPIRED',
      message: 'ID token has expired',
      shortMessage: 'ID token has expired',
    });
  });
});
