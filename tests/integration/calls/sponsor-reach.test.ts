// What a site can make the worker send to the sponsor URL it names, and what it hears back, played
// as a hostile site would through the worker's calls service on a real chain: a local service on a
// 127.0.0.1 port stands for what runs on the listener's computer. A site not on this computer
// cannot name a sponsor on it (or on the local network) at all; nothing reaches any sponsor before
// the person approves; and whatever the sponsor answers, the site hears one fixed error.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSponsorClient } from '@encore-wallet/calls';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActivityEntry,
  type ActivityService,
  type ActivityStore,
  createActivityService,
} from '../../../lib/extension/activity/index.ts';
import type { SponsoredCallsApproval } from '../../../lib/extension/approvals/index.ts';
import {
  type CallsService,
  createCallsService,
  type SentCallsStore,
  type StoredCalls,
} from '../../../lib/extension/calls/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import { toProviderError } from '../../../lib/extension/rpc/errors.ts';
import {
  createNonceReservations,
  createTransactionService,
  type SpendingLedger,
} from '../../../lib/extension/transactions/index.ts';
import { freePort } from '../../support/free-port.ts';
import {
  fanCall,
  type SponsoredChain,
  startSponsoredChain,
  upgradeDirectly,
} from '../../support/sponsored-chain.ts';

const CURRENCY = { symbol: 'ETH', decimals: 18 };
const HOSTILE_SITE = 'https://music-site.example';
const LOCAL_PAGE = 'http://127.0.0.1:8800';
/** What a local service would give away: it must never reach the site. */
const SECRET = 'router-admin v2.3 at 192.168.1.1';

/** Activity kept in memory, never followed on chain (nothing refused is ever pending). */
function memoryActivity(): { service: ActivityService; entries: ActivityEntry[] } {
  const entries: ActivityEntry[] = [];
  const store: ActivityStore = {
    list: async () => entries,
    add: async (entry) => void entries.unshift(entry),
    update: async () => {},
  };
  return {
    service: createActivityService({ store, chainFor: async () => null, schedule: () => {} }),
    entries,
  };
}

function memoryStore(): SentCallsStore {
  const kept = new Map<string, StoredCalls>();
  const key = (account: string, origin: string, id: string) => `${account}|${origin}|${id}`;
  return {
    find: async (account, origin, id) => kept.get(key(account, origin, id)) ?? null,
    add: async (account, origin, calls) =>
      void kept.set(key(account, origin, calls.sent.id), calls),
  };
}

describe('the sponsor URL a site names', () => {
  let sc: SponsoredChain;
  let server: Server;
  let port: number;
  /** Every request the local service received. */
  const heard: string[] = [];
  let answer: (response: ServerResponse) => void;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    port = await freePort();
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        heard.push(body);
        answer(response);
      });
    });
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await sc?.chain.stop();
  });
  beforeEach(() => {
    heard.length = 0;
    answer = (response) => {
      response.statusCode = 500;
      response.end(SECRET);
    };
  });

  /** The worker's calls service; `asked` lists each URL a sponsor client was made for and used. */
  function services(
    listener: Wallet,
    activity?: ActivityService,
    ledger: SpendingLedger = { read: async () => [], add: async () => {} },
  ) {
    const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
    const node = createNodeClient({
      currentChain: async () => ({ ...chain, rpcUrl: sc.chain.url }),
    });
    const fetched: string[] = [];
    const calls: CallsService = createCallsService({
      table: sc.table,
      node,
      currentChain: async () => chain,
      chainIds: async () => [chain.id],
      store: memoryStore(),
      wallet: async () => listener,
      // The local service stands for the backend Encore signs in with, on this computer.
      backendUrl: async () => `http://127.0.0.1:${port}`,
      ...(activity ? { activity } : {}),
      // No limit: what this file proves is where the sponsor is reached, not the spending rules.
      transactions: createTransactionService({
        node,
        currentChain: async () => ({ ...chain, limit: { kind: 'unlimited' } }),
        ledger,
        nonces: createNonceReservations(),
      }),
      sponsorClient: (url) =>
        createSponsorClient({
          url,
          timeoutMs: 3_000,
          fetch: (target, init) => {
            fetched.push(String(target));
            return fetch(target, init);
          },
        }),
    });
    return { calls, fetched };
  }

  const params = (listener: Wallet, url: string) => ({
    id: undefined,
    from: listener.address,
    chainId: sc.chain.chainId,
    atomicRequired: true,
    rawCalls: [fanCall(sc, 'favorite', 'T1')],
    capabilities: { sponsorService: { url } },
  });

  /** What the site would hear for `error`, as the provider sends it. */
  const heardBySite = (error: unknown) => toProviderError(error).toRpcError();

  it.each([
    ['http://127.0.0.1:%PORT%'],
    ['http://2130706433:%PORT%'],
    ['http://0x7f.1:%PORT%'],
    ['http://0177.0.0.1:%PORT%'],
    ['http://localhost:%PORT%'],
    ['http://localhost.:%PORT%'],
    ['http://printer.localhost:%PORT%'],
    ['http://[::1]:%PORT%'],
    ['http://[::ffff:127.0.0.1]:%PORT%'],
    ['http://0.0.0.0:%PORT%'],
    ['http://192.168.1.1/'],
    ['http://10.0.0.1/'],
    ['http://172.16.5.4/'],
    ['http://169.254.169.254/latest'],
    ['http://[fd00::1]/'],
    ['http://[fe80::1]/'],
  ])(
    'attack: a site not on this computer names the sponsor %s: refused before anything is sent',
    async (template) => {
      const url = template.replace('%PORT%', String(port));
      const listener = Wallet.createRandom() as unknown as Wallet;
      const { calls, fetched } = services(listener);
      const error = await calls
        .prepare(HOSTILE_SITE, params(listener, url), listener.address)
        .catch((e: unknown) => e);
      expect(heardBySite(error)).toMatchObject({
        code: -32602,
        message: expect.stringContaining('capabilities.sponsorService.url is on your own computer'),
      });
      expect(fetched).toEqual([]);
      expect(heard).toEqual([]);
    },
  );

  it.each([
    ['http://localhost.music-site.example'],
    ['http://127.0.0.1.nip.io:8800'],
    ['http://192.168.1.20:8800'],
    ['http://[fd00::20]:8800'],
  ])(
    'attack: a page at %s (not served from this computer) cannot name a sponsor on it',
    async (origin) => {
      const listener = Wallet.createRandom() as unknown as Wallet;
      const { calls, fetched } = services(listener);
      const error = await calls
        .prepare(origin, params(listener, `http://127.0.0.1:${port}/sponsor`), listener.address)
        .catch((e: unknown) => e);
      expect(heardBySite(error)).toMatchObject({ code: -32602 });
      expect(fetched).toEqual([]);
      expect(heard).toEqual([]);
    },
  );

  it('attack: nothing reaches a sponsor the site names before the person approves, nor ever if they reject', async () => {
    const listener = Wallet.createRandom() as unknown as Wallet;
    const { calls, fetched } = services(listener);
    // A public sponsor from a public site: accepted, and not contacted while the window is open.
    const approval = (await calls.prepare(
      HOSTILE_SITE,
      params(listener, 'https://sponsor.example/rpc'),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(approval.paidBy).toEqual({
      host: 'sponsor.example',
      localNetwork: false,
      recognized: null,
    });
    expect(fetched).toEqual([]);
    // The development sponsor (the backend Encore uses) from a page on this computer: accepted,
    // named as such, and not contacted either.
    const local = (await calls.prepare(
      LOCAL_PAGE,
      params(listener, `http://127.0.0.1:${port}/sponsor`),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(local.paidBy).toEqual({
      host: `127.0.0.1:${port}`,
      localNetwork: true,
      recognized: 'development',
    });
    expect(fetched).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("a page on this computer naming its own server as sponsor: the window says it is the page's own", async () => {
    const listener = Wallet.createRandom() as unknown as Wallet;
    const { calls, fetched } = services(listener);
    const own = `http://127.0.0.1:${port + 1}`;
    const approval = (await calls.prepare(
      own,
      params(listener, `${own}/api/sponsor`),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(approval.paidBy).toMatchObject({ localNetwork: true, recognized: 'this-page' });
    expect(fetched).toEqual([]);
  });

  it.each([
    ['another service on this computer', 'http://127.0.0.1:%OTHER%/sponsor'],
    ['the backend under another name', 'http://localhost:%PORT%/sponsor'],
    ['a host on the local network', 'http://192.168.1.1/sponsor'],
  ])(
    'attack: a page on this computer naming %s gets the warning, not the calm words',
    async (_name, template) => {
      const url = template.replace('%PORT%', String(port)).replace('%OTHER%', String(port + 1));
      const listener = Wallet.createRandom() as unknown as Wallet;
      const { calls, fetched } = services(listener);
      const approval = (await calls.prepare(
        LOCAL_PAGE,
        params(listener, url),
        listener.address,
      )) as SponsoredCallsApproval;
      expect(approval.paidBy).toMatchObject({ localNetwork: true, recognized: null });
      expect(fetched).toEqual([]);
    },
  );

  it.each([
    [
      'an HTTP 500 with its own words',
      (response: ServerResponse) => {
        response.statusCode = 500;
        response.end(SECRET);
      },
    ],
    [
      'a JSON-RPC refusal with a message and a reason',
      (response: ServerResponse) => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            error: { code: -32500, message: SECRET, data: { reason: 'ROUTER_ADMIN_V2' } },
          }),
        );
      },
    ],
    [
      'the wrong chain',
      (response: ServerResponse) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));
      },
    ],
    ['silence', () => undefined],
  ])(
    'attack: a sponsor answering %s: the site hears one fixed error, after the approval only',
    async (_what, reply) => {
      answer = reply;
      const listener = Wallet.createRandom() as unknown as Wallet;
      await upgradeDirectly(sc, listener);
      const { calls } = services(listener);
      const approval = await calls.prepare(
        LOCAL_PAGE,
        params(listener, `http://127.0.0.1:${port}/sponsor`),
        listener.address,
      );
      expect(heard).toEqual([]);
      const error = await calls
        .send(LOCAL_PAGE, approval, listener.address)
        .catch((e: unknown) => e);
      const site = heardBySite(error);
      expect(site).toEqual({ code: -32003, message: 'The sponsor did not accept the batch.' });
      expect(JSON.stringify(site)).not.toMatch(/500|router|ROUTER|0x1|answer/);
      expect(heard.length).toBeGreaterThan(0);
    },
    20_000,
  );

  it('attack: a sponsor’s refusal reaches the person in Activity, as one line of text with when to ask again, never the site', async () => {
    answer = (response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          error: {
            code: -32500,
            message: 'busy:\n<img src=x onerror=alert(1)>\u202e until later',
            data: { reason: 'SPONSOR_ACCOUNT_BUSY', retryAfterSeconds: 42 },
          },
        }),
      );
    };
    const listener = Wallet.createRandom() as unknown as Wallet;
    await upgradeDirectly(sc, listener);
    const activity = memoryActivity();
    const { calls } = services(listener, activity.service);
    const approval = await calls.prepare(
      LOCAL_PAGE,
      params(listener, `http://127.0.0.1:${port}/sponsor`),
      listener.address,
    );
    const before = Date.now();
    const error = await calls.send(LOCAL_PAGE, approval, listener.address).catch((e) => e);
    expect(heardBySite(error)).toEqual({
      code: -32003,
      message: 'The sponsor did not accept the batch.',
    });
    const [entry] = activity.entries;
    expect(entry).toMatchObject({
      status: 'refused',
      origin: LOCAL_PAGE,
      batch: { paidBy: `127.0.0.1:${port}` },
      refusal: {
        says: 'The sponsor refused: busy: <img src=x onerror=alert(1)>  until later',
      },
    });
    expect(entry?.refusal?.retryAt).toBeGreaterThanOrEqual(before + 42_000);
    expect(entry?.refusal?.retryAt).toBeLessThan(Date.now() + 43_000);
  }, 20_000);

  it('attack: a sponsor that refuses a batch it was handed signed holds a signature: its cost counts; refused before signing, nothing counts', async () => {
    const listener = Wallet.createRandom() as unknown as Wallet;
    await upgradeDirectly(sc, listener);
    let refuseAt = 'eth_sendUserOperation';
    answer = (response) => {
      const { method, id } = JSON.parse(heard.at(-1) ?? '{}') as { method?: string; id?: number };
      response.setHeader('content-type', 'application/json');
      const reply =
        method === refuseAt
          ? { error: { code: -32500, message: 'not today' } }
          : method === 'eth_chainId'
            ? { result: `0x${sc.chain.chainId.toString(16)}` }
            : {
                result: {
                  callGasLimit: '0x30000',
                  verificationGasLimit: '0x30000',
                  preVerificationGas: '0x10000',
                },
              };
      response.end(JSON.stringify({ jsonrpc: '2.0', id, ...reply }));
    };
    const records: unknown[] = [];
    const ledger: SpendingLedger = {
      read: async () => [],
      add: async (_account, _chainId, record) => void records.push(record),
    };
    const { calls } = services(listener, undefined, ledger);
    const ask = () =>
      calls.prepare(
        LOCAL_PAGE,
        params(listener, `http://127.0.0.1:${port}/sponsor`),
        listener.address,
      );
    await expect(calls.send(LOCAL_PAGE, await ask(), listener.address)).rejects.toMatchObject({
      code: -32003,
    });
    expect(heard.some((body) => body.includes('eth_sendUserOperation'))).toBe(true);
    expect(records).toHaveLength(1);
    refuseAt = 'eth_estimateUserOperationGas';
    await expect(calls.send(LOCAL_PAGE, await ask(), listener.address)).rejects.toMatchObject({
      code: -32003,
    });
    expect(records).toHaveLength(1);
  }, 20_000);
});
