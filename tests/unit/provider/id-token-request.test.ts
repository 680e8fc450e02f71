// encore_requestIdToken through the pipeline and the real catalog side of the worker, against a
// catalog that changes its answer after the first lookup (hostile, or racing a profile change).

import {
  type CatalogClient,
  recoverIdTokenSigner,
  type User,
  userSchema,
} from '@encore-wallet/catalog';
import { describe, expect, it } from 'vitest';
import { createCatalogDeps } from '../../../lib/extension/catalog/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'https://music.example';

const catalogUser = (id: string, handle: string, name: string): User =>
  userSchema.parse({
    id,
    handle,
    name,
    is_verified: true,
    profile_picture: { '150x150': `https://img.example/${id}.jpg` },
  });
const RAY = catalogUser('u-ray', 'ray', 'Ray');
const MALLORY = catalogUser('u-mallory', 'mallory', 'Mallory');

/** Answers Ray to the first lookup and Mallory to every one after it; records each call. */
function racyCatalog(): { client: CatalogClient; calls: string[] } {
  const calls: string[] = [];
  const client = {
    getUserIdByWallet: async (address: string) => {
      calls.push(`getUserIdByWallet ${address}`);
      return calls.length === 1 ? RAY.id : MALLORY.id;
    },
    getUser: async (id: string) => {
      calls.push(`getUser ${id}`);
      return calls.length === 2 && id === RAY.id ? RAY : MALLORY;
    },
  } as Partial<CatalogClient> as CatalogClient;
  return { client, calls };
}

function setup(lifetimes: number[]) {
  const world = fakeWorld();
  world.connected.set(SITE, 1);
  const catalog = racyCatalog();
  world.deps.catalog = createCatalogDeps({
    client: async () => catalog.client,
    // The person changes the setting while the window is open: the token keeps what was shown.
    idTokenLifetimeSeconds: async () => lifetimes.shift() ?? 3600,
  });
  return { world, calls: catalog.calls };
}

describe('encore_requestIdToken', () => {
  it('puts exactly the user shown in the approval into the token, after one catalog lookup', async () => {
    const { world, calls } = setup([120]);
    const token = (await runRpcRequest(world.ctx(SITE), {
      method: 'encore_requestIdToken',
    })) as string;

    expect(world.asked).toHaveLength(1);
    const shown = world.asked[0]?.details;
    expect(shown).toMatchObject({ kind: 'id_token', user: { id: RAY.id, name: 'Ray' } });
    const { payload, signer } = recoverIdTokenSigner(token);
    expect(signer).toBe(WALLET.address);
    expect(payload).toMatchObject({
      userId: RAY.id,
      sub: RAY.id,
      name: 'Ray',
      handle: 'ray',
      verified: true,
      profilePicture: RAY.profile_picture,
    });
    expect(shown).toMatchObject({ lifetimeSeconds: 120 });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(120);
    expect(calls).toEqual([`getUserIdByWallet ${WALLET.address}`, `getUser ${RAY.id}`]);
  });

  it('binds the token to the origin of the port, whatever the page puts in its request', async () => {
    const { world } = setup([300]);
    const token = (await runRpcRequest(world.ctx(SITE), {
      method: 'encore_requestIdToken',
      params: [{ aud: 'https://evil.example', audience: 'https://evil.example' }],
    })) as string;
    const { payload } = recoverIdTokenSigner(token);
    expect(payload.aud).toBe(SITE);
    expect(payload.nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
