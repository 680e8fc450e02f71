import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createDemoApp } from '../../../demo/server/app.ts';
import { NonceStore } from '../../../demo/server/nonces.ts';
import { FAVORITE_TYPES, favoriteDomain } from '../../../demo/shared/favorite.ts';
import type { CatalogClient } from '../../../lib/catalog/index.ts';
import { formatSiweMessage } from '../../../lib/extension/approvals/eip4361.ts';

// The demo server's checks, as a relying site would run them, without a network.
const wallet = new Wallet(`0x${'22'.repeat(32)}`);
const HOST = '127.0.0.1:8800';

function app() {
  return createDemoApp({
    catalog: {} as CatalogClient,
    nonces: new NonceStore(),
    assets: { routes: {} },
  });
}

async function post(
  a: ReturnType<typeof app>,
  path: string,
  body: unknown,
): Promise<[number, Record<string, unknown>]> {
  const response = await a.request(`http://${HOST}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: HOST },
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

describe('demo server: relayed favorites', () => {
  const message = () => ({
    listener: wallet.address,
    trackId: 'L2pWz',
    nonce: '7',
    deadline: String(Math.floor(Date.now() / 1000) + 600),
  });

  it('accepts the listener signature under its own domain and types, once per nonce', async () => {
    const a = app();
    const m = message();
    const signature = await wallet.signTypedData(favoriteDomain(1), FAVORITE_TYPES, m);
    const [status, body] = await post(a, '/api/favorite', { chainId: 1, message: m, signature });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, listener: wallet.address, trackId: 'L2pWz' });
    expect(
      (await post(a, '/api/favorite', { chainId: 1, message: m, signature }))[1].error,
    ).toMatch(/nonce/);
  });

  it('refuses a signature for another chain or track, and an expired deadline', async () => {
    const a = app();
    const m = message();
    const sepolia = await wallet.signTypedData(favoriteDomain(11155111), FAVORITE_TYPES, m);
    expect(
      (await post(a, '/api/favorite', { chainId: 1, message: m, signature: sepolia }))[0],
    ).toBe(401);
    const signature = await wallet.signTypedData(favoriteDomain(1), FAVORITE_TYPES, m);
    const swapped = { ...m, trackId: 'X9aRe' };
    expect((await post(a, '/api/favorite', { chainId: 1, message: swapped, signature }))[0]).toBe(
      401,
    );
    const late = { ...m, deadline: '1000' };
    const lateSig = await wallet.signTypedData(favoriteDomain(1), FAVORITE_TYPES, late);
    const [, expired] = await post(a, '/api/favorite', {
      chainId: 1,
      message: late,
      signature: lateSig,
    });
    expect(expired.error).toMatch(/deadline/);
  });
});
