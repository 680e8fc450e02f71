import { createServer } from 'node:http';
import { CatalogError, createCatalogClient, resetHostMemory } from '@encore-wallet/catalog';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DevCatalog, startDevCatalog } from '../../../dev-catalog/index.ts';
import {
  type Closable,
  hangingHost,
  jsonServer,
  pickFirst,
  refusingUrl,
  serveLocally,
} from './support.ts';

let catalog: DevCatalog;
const closeLater: Closable[] = [];

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 3, seed: 3 });
});
afterAll(async () => {
  await Promise.all([catalog?.close(), ...closeLater.map((c) => c.close())]);
});
beforeEach(() => resetHostMemory());

async function hostList(urls: string[]): Promise<string> {
  const server = await jsonServer({ data: urls.map((u) => `${u}/`) });
  closeLater.push(server);
  return server.url;
}

const star = (): string => catalog.dataset.users[0]!.id;
const star5 = (): string => catalog.dataset.users[5]!.id;

/** Passes every request on to `target` until closed; then its port refuses connections. */
async function forwardingHost(target: string): Promise<Closable> {
  const server = createServer((req, res) => {
    fetch(`${target}${req.url ?? '/'}`)
      .then(async (answer) => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(await answer.text());
      })
      .catch(() => res.destroy());
  });
  return serveLocally(server);
}

describe('host selection', () => {
  it('reads the host list, strips trailing slashes, sends Accept and app_name', async () => {
    const api = await jsonServer({ data: ['a', 'b'] });
    closeLater.push(api);
    const list = await hostList([api.url.replace(/\/$/, '')]);
    const client = createCatalogClient({ hostListUrl: list, appName: 'encore-test' });
    expect(await client.getTags('u1', { limit: 2 })).toEqual(['a', 'b']);
    expect(await client.host()).toBe(api.url.replace(/\/$/, ''));
    expect(api.requests).toHaveLength(1);
    const sent = new URL(api.requests[0]!.url, 'http://x');
    expect(sent.pathname).toBe('/v1/users/u1/tags');
    expect(sent.searchParams.get('app_name')).toBe('encore-test');
    expect(sent.searchParams.get('limit')).toBe('2');
    expect(api.requests[0]!.accept).toBe('application/json');
  });

  it('uses the host-list URL itself when it answers with a status object (newer deployment)', async () => {
    const goHost = catalog.hostUrls[catalog.flavors.indexOf('go')]!;
    const client = createCatalogClient({ hostListUrl: `${goHost}/`, appName: 'encore-test' });
    expect(await client.host()).toBe(goHost);
    expect((await client.getUser(star())).id).toBe(star());
  });

  it('picks one host per client, even for requests started together before the first pick', async () => {
    const a = await jsonServer({ data: ['a'] });
    const b = await jsonServer({ data: ['b'] });
    closeLater.push(a, b);
    const list = await hostList([a.url.replace(/\/$/, ''), b.url.replace(/\/$/, '')]);
    const draws = [0, 0.99];
    const client = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      random: () => draws.shift() ?? 0.99,
    });
    await Promise.all([client.getTags('u1'), client.getTags('u2'), client.host()]);
    expect([a.requests.length, b.requests.length]).toEqual([2, 0]);
    expect(await client.host()).toBe(a.url.replace(/\/$/, ''));
  });

  it('recovers when the first host refuses connections, and later clients skip it', async () => {
    const dead = await refusingUrl();
    const list = await hostList([dead, ...catalog.hostUrls]);
    const client = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      random: pickFirst,
    });
    expect((await client.getUser(star())).id).toBe(star());
    expect(await client.host()).not.toBe(dead);
    const next = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      random: pickFirst,
    });
    expect(await next.host()).not.toBe(dead);
  });

  it('recovers from a host that accepts and never answers, within its timeout', async () => {
    const hang = await hangingHost();
    closeLater.push(hang);
    const list = await hostList([hang.url, catalog.hostUrls[1]!]);
    const client = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      timeoutMs: 1000,
      random: pickFirst,
    });
    expect((await client.getUserTracks(star(), { limit: 1 })).length).toBe(1);
    expect(await client.host()).toBe(catalog.hostUrls[1]);
  });

  it('retries a 5xx once on another host', async () => {
    const broken = await jsonServer({ code: 500, error: 'database is down' }, 500);
    closeLater.push(broken);
    const list = await hostList([broken.url.replace(/\/$/, ''), catalog.hostUrls[2]!]);
    const client = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      random: pickFirst,
    });
    expect((await client.getUser(star())).id).toBe(star());
    expect(broken.requests).toHaveLength(1);
  });

  it('never retries a 4xx', async () => {
    const refusing = await jsonServer({ code: 400, error: 'bad limit' }, 400);
    closeLater.push(refusing);
    const list = await hostList([refusing.url.replace(/\/$/, ''), catalog.hostUrls[1]!]);
    const client = createCatalogClient({
      hostListUrl: list,
      appName: 'encore-test',
      random: pickFirst,
    });
    const error = await client.getFollowers(star()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'CATALOG_HTTP_ERROR',
      status: 400,
      serverMessage: 'bad limit',
    });
    expect(refusing.requests).toHaveLength(1);
    expect(await client.host()).toBe(refusing.url.replace(/\/$/, ''));
  });

  it('gives up after one retry when every host is down', async () => {
    const list = await hostList([await refusingUrl(), await refusingUrl(), await refusingUrl()]);
    const client = createCatalogClient({ hostListUrl: list, appName: 'encore-test' });
    const error = await client.getUser(star()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe('CATALOG_NETWORK_ERROR');
  });

  it('a wallet lookup that fails over to a host of the other dialect still finds the user', async () => {
    const wallet = catalog.dataset.users[5]!.wallet;
    for (const [from, to] of [
      ['go', 'python'],
      ['python', 'go'],
    ] as const) {
      resetHostMemory();
      // A host that answers in the `from` dialect, learns its wallet route, then goes down.
      const doomed = await forwardingHost(catalog.hostUrls[catalog.flavors.indexOf(from)]!);
      const list = await hostList([doomed.url, catalog.hostUrls[catalog.flavors.indexOf(to)]!]);
      const options = { hostListUrl: list, appName: 'encore-test', random: pickFirst };
      expect(await createCatalogClient(options).getUserIdByWallet(wallet)).toBe(star5());
      await doomed.close();
      expect(await createCatalogClient(options).getUserIdByWallet(wallet), `${from} → ${to}`).toBe(
        star5(),
      );
    }
  });

  it('an unreachable host list is CATALOG_NO_HOST', async () => {
    const client = createCatalogClient({
      hostListUrl: `${await refusingUrl()}/`,
      appName: 'encore-test',
    });
    await expect(client.getUser('x')).rejects.toMatchObject({ code: 'CATALOG_NO_HOST' });
  });
});

describe('errors', () => {
  it('reads {code, error} from newer hosts and {message} from older ones', async () => {
    for (const [flavor, shape] of [
      ['go', 'error'],
      ['python', 'message'],
    ] as const) {
      const host = catalog.hostUrls[catalog.flavors.indexOf(flavor)]!;
      const raw = (await (await fetch(`${host}/v1/users/nobody`)).json()) as Record<
        string,
        unknown
      >;
      expect(typeof raw[shape], `${flavor} body ${JSON.stringify(raw)}`).toBe('string');
      const client = createCatalogClient({ hostListUrl: `${host}/`, appName: 'encore-test' });
      const error = (await client.getUser('nobody').catch((e: unknown) => e)) as CatalogError;
      expect(error.toJSON()).toMatchObject({
        code: 'CATALOG_HTTP_ERROR',
        status: 404,
        host,
        path: '/users/nobody',
        serverMessage: raw[shape],
      });
    }
  });

  it('newer hosts refuse an unsigned user_id with 403 {code, error}', async () => {
    const host = catalog.hostUrls[catalog.flavors.indexOf('go')]!;
    const res = await fetch(`${host}/v1/users/${star()}/followers?user_id=${star()}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 403,
      error: expect.stringContaining('not authorized'),
    });
  });

  it('a malformed answer names the endpoint and the field', async () => {
    const liar = await jsonServer({ data: { id: 5, name: 'no handle' } });
    closeLater.push(liar);
    const client = createCatalogClient({
      hostListUrl: await hostList([liar.url.replace(/\/$/, '')]),
      appName: 'x',
    });
    const error = (await client.getUser('5').catch((e: unknown) => e)) as CatalogError;
    expect(error).toMatchObject({
      code: 'CATALOG_INVALID_RESPONSE',
      endpoint: 'getUser',
      field: 'data.handle',
    });
    expect(error.message).toMatch(/getUser.*data\.handle/);
  });
});
