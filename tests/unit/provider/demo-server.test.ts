import {
  type CatalogClient,
  CatalogError,
  createIdToken,
  recoverIdTokenSigner,
} from '@encore-wallet/catalog';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createDemoApp } from '../../../demo/server/app.ts';
import { NonceStore } from '../../../demo/server/nonces.ts';
import { formatSiweMessage } from '../../../lib/eip/index.ts';

// The demo server's checks, as a relying site would run them, without a network.
const wallet = new Wallet(`0x${'22'.repeat(32)}`);
const HOST = '127.0.0.1:8800';

const ORIGIN = `http://${HOST}`;

/** Vouches for tokens `wallet` signed, as the catalog's verify_token does; counts the calls. */
function fakeCatalog(): CatalogClient & { verified: number } {
  const catalog = {
    verified: 0,
    verifyToken: async (token: string) => {
      catalog.verified += 1;
      const { payload, signer } = recoverIdTokenSigner(token);
      if (signer !== wallet.address) {
        throw new CatalogError('CATALOG_HTTP_ERROR', 'ID token not valid', { status: 404 });
      }
      return payload;
    },
  };
  return catalog as Partial<CatalogClient> as CatalogClient & { verified: number };
}

function app(options: { catalog?: CatalogClient; now?: () => number } = {}) {
  return createDemoApp({
    catalog: options.catalog ?? ({} as CatalogClient),
    nonces: new NonceStore(),
    assets: { routes: {} },
    origins: () => [ORIGIN, 'http://localhost:8800'],
    now: options.now,
  });
}

async function post(
  a: ReturnType<typeof app>,
  path: string,
  body: unknown,
  host = HOST,
): Promise<[number, Record<string, unknown>]> {
  const response = await a.request(`http://${host}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify(body),
  });
  return [response.status, (await response.json()) as Record<string, unknown>];
}

async function signIn(a: ReturnType<typeof app>, domain = HOST) {
  const [, { nonce }] = await post(a, '/api/siwe/nonce', {});
  const message = formatSiweMessage({
    domain,
    address: wallet.address,
    uri: `http://${domain}`,
    version: '1',
    chainId: 1,
    nonce: String(nonce),
    issuedAt: new Date().toISOString(),
    resources: [],
  });
  return { message, signature: await wallet.signMessage(message) };
}

describe('demo server: Sign in with Ethereum', () => {
  it('accepts a fresh, correctly signed message for its own domain, once', async () => {
    const a = app();
    const body = await signIn(a);
    expect(await post(a, '/api/siwe/verify', body)).toEqual([
      200,
      { ok: true, address: wallet.address },
    ]);
    const [status, replay] = await post(a, '/api/siwe/verify', body);
    expect(status).toBe(401);
    expect(replay.error).toMatch(/nonce/);
  });

  it('refuses another domain, a nonce it never issued, and a signature by someone else', async () => {
    const a = app();
    const [, other] = await post(a, '/api/siwe/verify', await signIn(a, 'bank.example'));
    expect(other.error).toMatch(/domain bank\.example/);
    const genuine = await signIn(a);
    const forgedNonce = genuine.message.replace(/Nonce: \w+/, 'Nonce: 0123456789abcdef');
    const [, nonce] = await post(a, '/api/siwe/verify', {
      message: forgedNonce,
      signature: await wallet.signMessage(forgedNonce),
    });
    expect(nonce.error).toMatch(/nonce/);
    const stranger = new Wallet(`0x${'33'.repeat(32)}`);
    const [status, wrongSigner] = await post(a, '/api/siwe/verify', {
      message: genuine.message,
      signature: await stranger.signMessage(genuine.message),
    });
    expect(status).toBe(401);
    expect(wrongSigner.error).toMatch(/not from the address/);
  });

  it('names the bad field of a malformed body', async () => {
    const [status, body] = await post(app(), '/api/siwe/verify', {
      message: 'hi',
      signature: '0x12',
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^signature:/);
  });
});

describe('demo server: who am I (catalog ID tokens)', () => {
  const ray = { id: 'u-ray', handle: 'ray', name: 'Ray', verified: true, profilePicture: null };
  const T0 = 1_750_000_000;
  const mint = (audience = ORIGIN, signer: Wallet = wallet) =>
    createIdToken(signer, ray, { audience, issuedAt: T0, lifetimeSeconds: 300 });
  function setup() {
    const catalog = fakeCatalog();
    const clock = { ms: (T0 + 5) * 1000 };
    return { catalog, clock, a: app({ catalog, now: () => clock.ms }) };
  }

  it('accepts a fresh token minted for this site, once: a replay is refused', async () => {
    const { a } = setup();
    const token = await mint();
    expect(await post(a, '/api/whoami', { token })).toEqual([
      200,
      { ok: true, userId: 'u-ray', handle: 'ray', name: 'Ray' },
    ]);
    const [status, replay] = await post(a, '/api/whoami', { token });
    expect(status).toBe(401);
    expect(replay.code).toBe('ID_TOKEN_REPLAYED');
  });

  it('refuses a token another site obtained and replays here, though the catalog would vouch', async () => {
    const { a, catalog } = setup();
    const [status, body] = await post(a, '/api/whoami', {
      token: await mint('https://evil.example'),
    });
    expect(status).toBe(401);
    expect(body.code).toBe('ID_TOKEN_WRONG_AUDIENCE');
    // Nor does the other origin of this same server accept it.
    const [, other] = await post(a, '/api/whoami', { token: await mint('http://localhost:8800') });
    expect(other.code).toBe('ID_TOKEN_WRONG_AUDIENCE');
    expect(catalog.verified).toBe(0);
  });

  it('takes its audience from its own origins, never from a Host header the caller picks', async () => {
    const { a } = setup();
    const [status, body] = await post(
      a,
      '/api/whoami',
      { token: await mint('https://evil.example') },
      'evil.example',
    );
    expect(status).toBe(400);
    expect(body.error).toBe('unknown host');
  });

  it('refuses an expired token, and a catalog-style token with no aud, exp or nonce', async () => {
    const { a, clock } = setup();
    const token = await mint();
    clock.ms = (T0 + 300 + 60) * 1000;
    expect((await post(a, '/api/whoami', { token }))[1].code).toBe('ID_TOKEN_EXPIRED');

    const [header] = token.split('.');
    const unbound = `${header}.${Buffer.from(
      JSON.stringify({
        userId: 'u-ray',
        name: 'Ray',
        handle: 'ray',
        verified: true,
        sub: 'u-ray',
        iat: T0,
      }),
    ).toString('base64url')}`;
    const signature = Buffer.from(await wallet.signMessage(unbound)).toString('base64url');
    const [status, body] = await post(a, '/api/whoami', { token: `${unbound}.${signature}` });
    expect(status).toBe(401);
    expect(body.code).toBe('ID_TOKEN_CLAIMS_MISSING');
  });

  it('leaves the signer check to the catalog: a stranger-signed token for this site is refused', async () => {
    const { a, catalog } = setup();
    const stranger = new Wallet(`0x${'44'.repeat(32)}`);
    const [status, body] = await post(a, '/api/whoami', { token: await mint(ORIGIN, stranger) });
    expect(status).toBe(401);
    expect(body.error).toMatch(/catalog refused/);
    expect(catalog.verified).toBe(1);
  });
});
