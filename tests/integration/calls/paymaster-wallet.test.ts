// The wallet's side of ERC-7677 through the worker's calls service on a real chain: the
// reference backend's paymaster (POST /paymaster, EncorePaymaster on chain) and a stand-in
// ERC-4337 bundler that carries each operation in a handleOps transaction (viem packs and hashes
// it, independently of @encore-wallet/calls). Then every way the site's paymaster or the bundler can lie,
// played by a proxy in front of the real paymaster and by the bundler's receipts: each gets its
// own error, nothing reaches either before the approval, and the listener pays nothing unasked.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPaymasterClient,
  encodeHandleOps,
  type Hex,
  packUserOperation,
  signBatch,
  userOperationHash,
} from '@encore-wallet/calls';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { readBalance, readCode } from '@encore-wallet/utils/chain-rpc';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  compileContract,
  deployContract,
  deploySponsorPaymaster,
  LOCAL_FUNDED_KEY,
  LOCAL_RELAYER_KEY,
  LOCAL_SPONSOR_KEY,
  type SponsorPaymaster,
} from '../../../chain/index.ts';
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
import type { SpendingLimit } from '../../../lib/transactions/index.ts';
import { freePort } from '../../support/free-port.ts';
import { type HandleOpsBundler, startHandleOpsBundler } from '../../support/handle-ops-bundler.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';
import {
  batchFor,
  fanActionsAbi,
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
} from '../../support/sponsored-chain.ts';

const CURRENCY = { symbol: 'ETH', decimals: 18 };
/** A page served from this computer: it may name a paymaster on it (127.0.0.1). */
const PAGE = 'http://127.0.0.1:8800';

type Tamper =
  | 'none'
  | 'final-no-paymaster'
  | 'final-other-paymaster'
  | 'stub-other-entry-point'
  | 'huge'
  | 'malformed'
  | 'slow';

function memoryStore(): SentCallsStore {
  const kept = new Map<string, StoredCalls>();
  const key = (account: string, origin: string, id: string) =>
    `${account.toLowerCase()}|${origin}|${id}`;
  return {
    find: async (account, origin, id) => kept.get(key(account, origin, id)) ?? null,
    add: async (account, origin, calls) =>
      void kept.set(key(account, origin, calls.sent.id), calls),
  };
}

let sc: SponsoredChain;
let paymaster: SponsorPaymaster;
/** An EncorePaymaster bound to another "EntryPoint" (FanActions' address). */
let otherPaymaster: Hex;
let backend: RunningServer;
let bundler: HandleOpsBundler;
let proxy: Server;
let proxyUrl: string;
let tamper: Tamper = 'none';
/** The pm_* methods the site's paymaster URL heard, and their params. */
const paymasterHeard: string[] = [];
const paymasterParams: unknown[][] = [];

beforeAll(async () => {
  sc = await startSponsoredChain();
  const signer = new Wallet(LOCAL_SPONSOR_KEY).address as Hex;
  paymaster = await deploySponsorPaymaster(sc.chain.url, LOCAL_FUNDED_KEY, {
    entryPoint: sc.contracts.entryPoint,
    signer,
  });
  otherPaymaster = (await deployContract(
    sc.chain.url,
    LOCAL_FUNDED_KEY,
    await compileContract('EncorePaymaster'),
    [sc.contracts.fanActions, signer, signer],
  )) as Hex;
  const dir = mkdtempSync(join(tmpdir(), 'encore-paymaster-wallet-'));
  backend = await startServer({
    databaseUrl: `sqlite:${join(dir, 'db.sqlite')}`,
    rateLimit: { ...NO_RATE_LIMIT, sponsorPerAddress: 1_000_000 },
    sponsor: sponsorOptions(sc, { maxGas: 2_000_000n }),
    paymaster: paymaster.address,
  });
  bundler = await startHandleOpsBundler({
    rpcUrl: sc.chain.url,
    chainId: sc.chain.chainId,
    entryPoint: sc.contracts.entryPoint,
    delegate: sc.contracts.delegate,
    submitterKey: LOCAL_RELAYER_KEY,
  });
  // The site's paymaster URL: the reference paymaster behind a proxy that lies as told.
  const port = await freePort();
  proxy = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', async () => {
      const { method, params } = JSON.parse(body) as { method: string; params: unknown[] };
      paymasterHeard.push(method);
      paymasterParams.push(params);
      const upstream = await fetch(`${backend.url}/paymaster`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = (await upstream.json()) as { result?: Record<string, unknown> };
      const final = method === 'pm_getPaymasterData';
      if (answer.result) {
        if (tamper === 'final-no-paymaster' && final) {
          answer.result = { ...answer.result, paymaster: '', paymasterData: '0x' };
        }
        if (tamper === 'final-other-paymaster' && final) {
          answer.result = { ...answer.result, paymaster: otherPaymaster };
        }
        if (tamper === 'stub-other-entry-point' && !final) {
          answer.result = { ...answer.result, paymaster: otherPaymaster };
        }
        if (tamper === 'malformed' && !final) {
          answer.result = { ...answer.result, paymasterData: 'not hex' };
        }
      }
      response.setHeader('content-type', 'application/json');
      if (tamper === 'huge') {
        response.end(`${' '.repeat(200_000)}${JSON.stringify(answer)}`);
      } else if (tamper === 'slow') {
        setTimeout(() => response.end(JSON.stringify(answer)), 2_500);
      } else {
        response.end(JSON.stringify(answer));
      }
    });
  });
  await new Promise<void>((done) => proxy.listen(port, '127.0.0.1', done));
  proxyUrl = `http://127.0.0.1:${port}/paymaster`;
}, 300_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((done) => proxy?.close(done));
  await bundler?.close();
  await backend?.close();
  await sc?.chain.stop();
});

beforeEach(() => {
  tamper = 'none';
  bundler.lie = 'none';
  bundler.refuseSend = false;
  paymasterHeard.length = 0;
  paymasterParams.length = 0;
  bundler.heard.length = 0;
});

function services(
  listener: Wallet,
  limit: SpendingLimit = { kind: 'unlimited' },
  bundlerUrl: () => string | null = () => bundler.url,
  ledger: SpendingLedger = { read: async () => [], add: async () => {} },
) {
  const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
  const node = createNodeClient({
    currentChain: async () => ({ ...chain, rpcUrl: sc.chain.url }),
  });
  const store = memoryStore();
  const calls: CallsService = createCallsService({
    table: sc.table,
    node,
    currentChain: async () => chain,
    chainIds: async () => [chain.id],
    store,
    wallet: async () => listener,
    transactions: createTransactionService({
      node,
      currentChain: async () => ({ ...chain, limit }),
      ledger,
      nonces: createNonceReservations(),
    }),
    bundlerUrl: async (id) => (id === chain.id ? bundlerUrl() : null),
    paymasterClient: (url) => createPaymasterClient({ url, timeoutMs: 1_000 }),
  });
  return { calls, store };
}

const params = (
  listener: Wallet,
  rawCalls: unknown[],
  capability: Record<string, unknown> = { url: proxyUrl, context: { campaign: 'fan-actions' } },
) => ({
  id: undefined,
  from: listener.address,
  chainId: sc.chain.chainId,
  atomicRequired: true,
  rawCalls,
  capabilities: { paymasterService: capability },
});

async function isFavorite(listener: Wallet, track: string): Promise<boolean> {
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const data = fanActionsAbi.encodeFunctionData('isFavorite', [listener.address, track]);
    const answer = await provider.call({ to: sc.contracts.fanActions, data });
    return fanActionsAbi.decodeFunctionResult('isFavorite', answer)[0] as boolean;
  } finally {
    provider.destroy();
  }
}

/** A listener holding 1 ETH: a batch charged to the account would show in its balance. */
async function fundedListener(): Promise<Wallet> {
  const listener = Wallet.createRandom() as unknown as Wallet;
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const tx = await new Wallet(LOCAL_FUNDED_KEY, provider).sendTransaction({
      to: listener.address,
      value: 10n ** 18n,
    });
    await tx.wait();
  } finally {
    provider.destroy();
  }
  return listener;
}

describe('wallet_sendCalls with ERC-7677 paymasterService', () => {
  const listener = Wallet.createRandom() as unknown as Wallet;

  it('reports paymasterService on a chain with a pinned delegate and a bundler, not elsewhere', async () => {
    const { calls } = services(listener);
    const answer = await calls.capabilities(listener.address, [sc.chain.chainId, 1]);
    expect(answer[`0x${sc.chain.chainId.toString(16)}`]).toMatchObject({
      paymasterService: { supported: true },
    });
    expect(answer['0x1']).toEqual({ atomic: { status: 'unsupported' } });
  });

  it('refuses paymasterService (5700) on a chain whose settings name no bundler, and reaches no paymaster', async () => {
    const { calls } = services(listener, { kind: 'unlimited' }, () => null);
    expect(
      (await calls.capabilities(listener.address, [sc.chain.chainId]))[
        `0x${sc.chain.chainId.toString(16)}`
      ],
    ).not.toHaveProperty('paymasterService');
    const error = await calls
      .prepare(PAGE, params(listener, [fanCall(sc, 'favorite', 'x')]), listener.address)
      .catch((e: unknown) => e);
    expect(toProviderError(error).toRpcError()).toMatchObject({ code: 5700 });
    expect(paymasterHeard).toEqual([]);
  });

  it("pays a never-funded listener's favorite (with the upgrade) and then a follow: the paymaster's deposit pays, status from the bundler's receipt", async () => {
    const { calls } = services(listener);
    const depositBefore = await readBalance(sc.rpc, paymaster.address).catch(() => 0n);
    const approval = (await calls.prepare(
      PAGE,
      params(listener, [fanCall(sc, 'favorite', 'pm-1')]),
      listener.address,
    )) as SponsoredCallsApproval;
    // The window: the paymaster's host pays, the settings' bundler carries, the upgrade shown;
    // and neither has heard anything yet.
    expect(approval.paidBy.host).toBe(new URL(proxyUrl).host);
    expect(approval.paymasterService).toEqual({ bundler: new URL(bundler.url).host });
    expect(approval.upgrade).not.toBeNull();
    expect(paymasterHeard).toEqual([]);
    expect(bundler.heard).toEqual([]);

    const { id } = await calls.send(PAGE, approval, listener.address);
    expect(paymasterHeard).toEqual(['pm_getPaymasterStubData', 'pm_getPaymasterData']);
    // ERC-7677's params: the operation, Encore's EntryPoint, the chain, the site's context as sent.
    for (const sent of paymasterParams) {
      expect(sent.slice(1)).toEqual([
        sc.contracts.entryPoint,
        `0x${sc.chain.chainId.toString(16)}`,
        { campaign: 'fan-actions' },
      ]);
      expect(sent[0]).toMatchObject({ sender: listener.address, factory: '0x7702' });
    }
    expect(bundler.heard).toContain('eth_sendUserOperation');
    // The id is the userOpHash viem computes for what the bundler carried.
    expect(bundler.carried.has(id)).toBe(true);
    const status = await calls.status(PAGE, listener.address, id);
    expect(status).toMatchObject({ status: 200, atomic: true });
    expect(bundler.heard).toContain('eth_getUserOperationReceipt');
    expect(await isFavorite(listener, 'pm-1')).toBe(true);
    expect(await readCode(sc.rpc, listener.address)).toBe(
      `0xef0100${sc.contracts.delegate.slice(2).toLowerCase()}`,
    );
    expect(await readBalance(sc.rpc, listener.address)).toBe(0n);
    expect(depositBefore).toBeGreaterThanOrEqual(0n);

    const second = (await calls.prepare(
      PAGE,
      params(listener, [fanCall(sc, 'follow', 'artist-pm')]),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(second.upgrade).toBeNull();
    const next = await calls.send(PAGE, second, listener.address);
    expect((await calls.status(PAGE, listener.address, next.id)).status).toBe(200);
    expect(await readBalance(sc.rpc, listener.address)).toBe(0n);
  });

  it.each([
    ['final-no-paymaster', 'PAYMASTER_DOES_NOT_PAY'],
    ['final-other-paymaster', 'PAYMASTER_DOES_NOT_PAY'],
    ['stub-other-entry-point', 'PAYMASTER_WRONG_ENTRY_POINT'],
    ['huge', 'PAYMASTER_UNAVAILABLE'],
    ['malformed', 'PAYMASTER_UNAVAILABLE'],
    ['slow', 'PAYMASTER_UNAVAILABLE'],
  ] as const)(
    'attack: a paymaster that lies (%s) gets %s; nothing is handed to the bundler and the listener pays nothing',
    async (mode, reason) => {
      const funded = await fundedListener();
      const before = await readBalance(sc.rpc, funded.address);
      const { calls } = services(funded);
      const approval = await calls.prepare(
        PAGE,
        params(funded, [fanCall(sc, 'favorite', `lie-${mode}`)]),
        funded.address,
      );
      tamper = mode;
      const error = await calls.send(PAGE, approval, funded.address).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: reason });
      expect(toProviderError(error).toRpcError()).toMatchObject({
        code: -32003,
        data: { reason },
      });
      expect(bundler.heard).not.toContain('eth_sendUserOperation');
      expect(await readBalance(sc.rpc, funded.address)).toBe(before);
      expect(await isFavorite(funded, `lie-${mode}`)).toBe(false);
    },
  );

  it('attack: a batch over the daily limit reaches neither the paymaster nor the bundler without the password', async () => {
    const funded = await fundedListener();
    const { calls } = services(funded, { kind: 'daily', wei: '0' });
    const approval = await calls.prepare(
      PAGE,
      params(funded, [
        fanCall(sc, 'favorite', 'limit-1'),
        { to: Wallet.createRandom().address, value: '0x1', data: '0x' },
      ]),
      funded.address,
    );
    expect(approval.spending.passwordRequired).not.toBeNull();
    const error = await calls.send(PAGE, approval, funded.address).catch((e: unknown) => e);
    expect(toProviderError(error).toRpcError()).toMatchObject({ code: 4100 });
    expect(paymasterHeard).toEqual([]);
    expect(bundler.heard).toEqual([]);
  });

  it('attack: a bundler that refuses an operation it was handed signed holds a signature: its cost counts; refused by the paymaster before signing, nothing counts', async () => {
    const funded = await fundedListener();
    const records: unknown[] = [];
    const ledger: SpendingLedger = {
      read: async () => [],
      add: async (_account, _chainId, record) => void records.push(record),
    };
    // Two listeners: the reference paymaster holds one operation per account in flight.
    const ask = async (listener: Wallet, track: string) => {
      const { calls } = services(listener, { kind: 'unlimited' }, () => bundler.url, ledger);
      const approval = await calls.prepare(
        PAGE,
        params(listener, [fanCall(sc, 'favorite', track)]),
        listener.address,
      );
      return calls.send(PAGE, approval, listener.address);
    };
    bundler.refuseSend = true;
    await expect(ask(funded, 'refused-by-bundler')).rejects.toBeDefined();
    expect(bundler.heard).toContain('eth_sendUserOperation');
    expect(records).toHaveLength(1);
    bundler.refuseSend = false;
    tamper = 'final-no-paymaster';
    await expect(ask(await fundedListener(), 'refused-by-paymaster')).rejects.toMatchObject({
      code: 'PAYMASTER_DOES_NOT_PAY',
    });
    expect(records).toHaveLength(1);
  });

  it.each([
    [{ entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' }],
    [{ delegate: '0x3333333333333333333333333333333333333333' }],
  ])(
    'attack: a site naming its own EntryPoint or delegate in paymasterService (%o) is refused (-32602) and no paymaster hears it',
    async (extra) => {
      const { calls } = services(listener);
      const error = await calls
        .prepare(
          PAGE,
          params(listener, [fanCall(sc, 'favorite', 'x')], { url: proxyUrl, ...extra }),
          listener.address,
        )
        .catch((e: unknown) => e);
      expect(toProviderError(error).toRpcError()).toMatchObject({
        code: -32602,
        message: expect.stringContaining('capabilities.paymasterService does not take'),
      });
      expect(paymasterHeard).toEqual([]);
      expect(bundler.heard).toEqual([]);
    },
  );

  it('attack: a site not on this computer cannot name a paymaster on it', async () => {
    const { calls } = services(listener);
    const error = await calls
      .prepare(
        'https://music-site.example',
        params(listener, [fanCall(sc, 'favorite', 'x')]),
        listener.address,
      )
      .catch((e: unknown) => e);
    expect(toProviderError(error).toRpcError()).toMatchObject({ code: -32602 });
    expect(paymasterHeard).toEqual([]);
  });

  describe("a bundler that lies about a receipt: wallet_getCallsStatus refuses it (the chain's word is checked)", () => {
    const liar = Wallet.createRandom() as unknown as Wallet;
    let okId: string;
    let revertedId: string;
    let svc: ReturnType<typeof services>;

    beforeAll(async () => {
      svc = services(liar);
      const approval = await svc.calls.prepare(
        PAGE,
        params(liar, [fanCall(sc, 'favorite', 'receipt-1')]),
        liar.address,
      );
      okId = (await svc.calls.send(PAGE, approval, liar.address)).id;
      // An operation whose calls revert on chain (the same favorite again), carried without a
      // paymaster at zero fees, as the wallet keeps it after a bundler took it.
      const batch = await batchFor(sc, liar, [fanCall(sc, 'favorite', 'receipt-1')]);
      const signature = await signBatch(liar, sc.table, batch);
      const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
      try {
        const submitter = new Wallet(LOCAL_FUNDED_KEY, provider);
        const tx = await submitter.sendTransaction({
          to: sc.contracts.entryPoint,
          data: encodeHandleOps(packUserOperation(batch, signature), submitter.address as Hex),
          gasLimit: 2_000_000n,
        });
        await tx.wait();
        const hash = userOperationHash(batch);
        bundler.carried.set(hash, tx.hash as Hex);
        revertedId = hash;
        await svc.store.add(liar.address, PAGE, {
          sentAt: Date.now(),
          sent: {
            kind: 'sponsored',
            id: hash,
            chainId: sc.chain.chainId,
            entryPoint: sc.contracts.entryPoint,
            userOpHash: hash,
            fromBlock: 0n,
            deadline: batch.deadline,
            via: 'bundler',
          },
        });
      } finally {
        provider.destroy();
      }
    }, 120_000);

    it('an honest receipt: 200 for the favorite, 500 for the operation whose calls reverted', async () => {
      expect((await svc.calls.status(PAGE, liar.address, okId)).status).toBe(200);
      expect((await svc.calls.status(PAGE, liar.address, revertedId)).status).toBe(500);
    });

    it.each([
      ['other-hash', 'okId'],
      ['other-sender', 'okId'],
      ['other-transaction', 'okId'],
      ['says-success', 'revertedId'],
    ] as const)(
      'attack: a receipt that lies (%s) is BUNDLER_RECEIPT_INVALID',
      async (lie, which) => {
        bundler.lie = lie;
        bundler.otherTransaction = bundler.carried.get(revertedId) ?? null;
        const id = which === 'okId' ? okId : revertedId;
        const error = await svc.calls.status(PAGE, liar.address, id).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'BUNDLER_RECEIPT_INVALID' });
        expect(toProviderError(error).toRpcError()).toMatchObject({ code: -32603 });
      },
    );
  });
});
