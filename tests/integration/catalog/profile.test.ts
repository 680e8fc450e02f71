import {
  CatalogError,
  createCatalogClient,
  createIdToken,
  idTokenSubjectOf,
  resetHostMemory,
} from '@encore-wallet/catalog';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevCatalog, startDevCatalog } from '../../../dev-catalog/index.ts';

// The popup's path: a fresh Encore wallet is attached to a catalog user in dev mode, then the
// client finds that user by wallet on every host (newer and older dialects) and by handle.
const SITE = 'https://music.example';
let catalog: DevCatalog;

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 3, dev: true, seed: 7 });
});
afterAll(async () => {
  await catalog?.close();
});

async function attach(
  userId: string,
  wallet: string,
  base = catalog.hostListUrl,
): Promise<Response> {
  return fetch(new URL('/dev/wallets', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, wallet }),
  });
}

describe('profile lookup by wallet', () => {
  it('finds the user a dev wallet was attached to, on every host', async () => {
    const wallet = Wallet.createRandom();
    const user = catalog.dataset.users[42]!;
    expect((await attach(user.id, wallet.address)).status).toBe(200);

    for (let i = 0; i < catalog.hostUrls.length; i++) {
      resetHostMemory();
      const client = createCatalogClient({
        hostListUrl: catalog.hostListUrl,
        appName: 'encore-test',
        random: () => i / catalog.hostUrls.length,
      });
      expect(await client.host()).toBe(catalog.hostUrls[i]);
      const id = await client.getUserIdByWallet(wallet.address);
      expect(id, `host ${i} (${catalog.flavors[i]})`).toBe(user.id);
      const profile = await client.getUser(id!);
      expect(profile).toMatchObject({ id: user.id, name: user.name, handle: user.handle });
      expect(profile.erc_wallet?.toLowerCase()).toBe(wallet.address.toLowerCase());
    }
  });

  it('an ID token signed by the attached wallet verifies on every host', async () => {
    const wallet = Wallet.createRandom();
    const user = catalog.dataset.users[77]!;
    expect((await attach(user.id, wallet.address)).status).toBe(200);
    for (let i = 0; i < catalog.hostUrls.length; i++) {
      const client = createCatalogClient({
        hostListUrl: catalog.hostListUrl,
        appName: 'encore-test',
        random: () => i / catalog.hostUrls.length,
      });
      const token = await createIdToken(wallet, idTokenSubjectOf(await client.getUser(user.id)), {
        audience: SITE,
      });
      expect(await client.verifyToken(token)).toMatchObject({
        userId: user.id,
        handle: user.handle,
      });
    }
  });

  it('returns null for a wallet nobody has, on both dialects', async () => {
    for (let i = 0; i < catalog.hostUrls.length; i++) {
      const client = createCatalogClient({
        hostListUrl: catalog.hostListUrl,
        appName: 'encore-test',
        random: () => i / catalog.hostUrls.length,
      });
      expect(await client.getUserIdByWallet(Wallet.createRandom().address)).toBeNull();
    }
  });

  it('a dev attach can be made through any host and moves a wallet between users', async () => {
    const wallet = Wallet.createRandom();
    const [a, b] = [catalog.dataset.users[10]!, catalog.dataset.users[11]!];
    expect((await attach(a.id, wallet.address, catalog.hostUrls[1]!)).status).toBe(200);
    expect((await attach(b.id, wallet.address, catalog.hostUrls[0]!)).status).toBe(200);
    const client = createCatalogClient({
      hostListUrl: catalog.hostListUrl,
      appName: 'encore-test',
    });
    expect(await client.getUserIdByWallet(wallet.address)).toBe(b.id);
  });

  it('refuses malformed attach requests and unknown users precisely', async () => {
    const bad = await attach('x', 'not-an-address');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/wallet/);
    const unknown = await attach('nosuchuser', Wallet.createRandom().address);
    expect(unknown.status).toBe(404);
    const [owner, thief] = [catalog.dataset.users[3]!, catalog.dataset.users[4]!];
    const stolen = await attach(thief.id, owner.wallet);
    expect(stolen.status).toBe(409);
  });
});

describe('finding a user by handle', () => {
  it('searchUsers puts the exact handle first', async () => {
    const user = catalog.dataset.users[120]!;
    const client = createCatalogClient({
      hostListUrl: catalog.hostListUrl,
      appName: 'encore-test',
    });
    const found = await client.searchUsers(user.handle);
    expect(found[0]?.id).toBe(user.id);
    const withAt = await client.searchUsers(`@${user.handle.toUpperCase()}`, { limit: 3 });
    expect(withAt[0]?.handle).toBe(user.handle);
    expect(withAt.length).toBeLessThanOrEqual(3);
  });

  it('an unknown user id is a 404 CatalogError carrying the server message', async () => {
    const client = createCatalogClient({
      hostListUrl: catalog.hostListUrl,
      appName: 'encore-test',
    });
    const error = await client.getUser('zzzzzzzz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({
      code: 'CATALOG_HTTP_ERROR',
      status: 404,
      path: '/users/zzzzzzzz',
    });
    expect((error as CatalogError).serverMessage).toMatch(/not found/);
  });
});

describe('without dev mode', () => {
  it('has no /dev/wallets', async () => {
    const plain = await startDevCatalog({ port: 0, hosts: 1, seed: 7 });
    try {
      const res = await attach(
        plain.dataset.users[0]!.id,
        Wallet.createRandom().address,
        plain.hostListUrl,
      );
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
