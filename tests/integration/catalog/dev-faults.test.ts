// The dev catalog's fault switch (dev mode only): every way it makes hosts fail, seen through the
// real catalog client, and the same client answering again once a host is back.

import {
  type CatalogClient,
  CatalogError,
  createCatalogClient,
  resetHostMemory,
} from '@encore-wallet/catalog';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DevCatalog, startDevCatalog } from '../../../dev-catalog/index.ts';

let catalog: DevCatalog;

async function setFaults(body: unknown): Promise<Response> {
  return fetch(new URL('dev/faults', catalog.hostListUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const client = (): CatalogClient =>
  createCatalogClient({ hostListUrl: catalog.hostListUrl, appName: 'faults', timeoutMs: 500 });

async function failure(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogError);
  return error as CatalogError;
}

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 2, dev: true, seed: 2, users: 20 });
});
afterAll(() => catalog?.close());
beforeEach(async () => {
  resetHostMemory();
  expect((await setFaults({ failing: 'none' })).status).toBe(200);
});

const star = (): string => catalog.dataset.users[0]!.id;

describe('the dev catalog fault switch', () => {
  it('fails every API host each way, and a host coming back serves the same client again', async () => {
    const reader = client();
    expect((await reader.getUser(star())).id).toBe(star());

    for (const [kind, code] of [
      ['error', 'CATALOG_HTTP_ERROR'],
      ['reset', 'CATALOG_NETWORK_ERROR'],
      ['hang', 'CATALOG_TIMEOUT'],
    ] as const) {
      const answer = await setFaults({ failing: 'all', kind });
      expect(await answer.json()).toEqual({ data: { hosts: [kind, kind], hostList: null } });
      const error = await failure(reader.getUser(star()));
      expect(error.code, kind).toBe(code);
      if (kind === 'error') expect(error.status).toBe(503);
    }

    // One host back: the client that saw both fail finds it.
    await setFaults({ failing: [0], kind: 'reset' });
    expect((await reader.getUser(star())).id).toBe(star());
  });

  it('fails the host list too when asked; the switch itself never fails', async () => {
    await setFaults({ failing: 'all', kind: 'reset', hostList: true });
    expect((await failure(client().getUser(star()))).code).toBe('CATALOG_NO_HOST');
    const state = await fetch(new URL('dev/faults', catalog.hostListUrl));
    expect(await state.json()).toEqual({
      data: { hosts: ['reset', 'reset'], hostList: 'reset' },
    });
    await setFaults({ failing: 'none' });
    expect((await client().getUser(star())).id).toBe(star());
  });

  it('refuses a host that does not exist, and is absent outside dev mode', async () => {
    const refused = await setFaults({ failing: [2] });
    expect(refused.status).toBe(400);
    const plain = await startDevCatalog({ port: 0, hosts: 1, seed: 2, users: 5 });
    try {
      const answer = await fetch(new URL('dev/faults', plain.hostListUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ failing: 'all' }),
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
