// What leaves the listener's balance counts against the daily limit whoever pays the fee: a site
// that names its own sponsor service, one that accepts everything, gets a batch whose calls send
// value or tokens through the worker's calls service on a real chain. The window's details carry
// the spending state and ask for the password above the limit (tokens: under any limit); the
// send is checked again and refused without it before anything is signed or handed over; what
// was sent is recorded. The same holds for the listener's own batches and single transactions.

import {
  type CallBatch,
  type Hex,
  type SponsorClient,
  userOperationHash,
} from '@encore-wallet/calls';
import { Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_FUNDED_KEY } from '../../../chain/index.ts';
import {
  type CallsApproval,
  needsPassword,
  type SponsoredCallsApproval,
} from '../../../lib/extension/approvals/index.ts';
import {
  type CallsService,
  createCallsService,
  type SentCallsStore,
  type StoredCalls,
} from '../../../lib/extension/calls/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import {
  createNonceReservations,
  createTransactionService,
  type TransactionService,
} from '../../../lib/extension/transactions/index.ts';
import type { SpendingLimit, SpendingRecord } from '../../../lib/transactions/index.ts';
import {
  fanCall,
  type SponsoredChain,
  startSponsoredChain,
} from '../../support/sponsored-chain.ts';

const ETH = 10n ** 18n;
const SITE = 'http://127.0.0.1:8800';
const HOSTILE_SPONSOR = 'http://127.0.0.1:9/sponsor';
const THIEF = '0x000000000000000000000000000000000000bad1';
/** A currency of the chain's own (settings), not ETH: every amount must be shown in it. */
const CURRENCY = { symbol: 'TST', decimals: 18 };
const erc20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);

function memoryStore(): SentCallsStore {
  const kept = new Map<string, StoredCalls>();
  const key = (account: string, origin: string, id: string) => `${account}|${origin}|${id}`;
  return {
    find: async (account, origin, id) => kept.get(key(account, origin, id)) ?? null,
    add: async (account, origin, calls) =>
      void kept.set(key(account, origin, calls.sent.id), calls),
  };
}

/** The site's own sponsor: pays for anything, and keeps what it is handed. */
function hostileSponsor(): SponsorClient & { sent: CallBatch[] } {
  const sent: CallBatch[] = [];
  return {
    url: HOSTILE_SPONSOR,
    sent,
    estimate: async () => ({
      callGasLimit: 500_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 60_000n,
    }),
    send: async (batch) => {
      sent.push(batch);
      return userOperationHash(batch) as Hex;
    },
  };
}

describe('a batch a sponsor pays for, against the daily limit', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  async function fundedListener(eth: bigint): Promise<Wallet> {
    const listener = Wallet.createRandom() as unknown as Wallet;
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    const nonce = await provider.getTransactionCount(payer.address, 'pending');
    await (await payer.sendTransaction({ to: listener.address, value: eth, nonce })).wait();
    return listener;
  }

  function services(listener: Wallet, limit: SpendingLimit) {
    const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
    const node = createNodeClient({
      currentChain: async () => ({ ...chain, rpcUrl: sc.chain.url }),
    });
    const records: SpendingRecord[] = [];
    const transactions: TransactionService = createTransactionService({
      node,
      currentChain: async () => ({ ...chain, limit }),
      ledger: {
        read: async () => [...records],
        add: async (_account, _chainId, record) => void records.push(record),
      },
      nonces: createNonceReservations(),
    });
    const sponsor = hostileSponsor();
    const calls: CallsService = createCallsService({
      table: sc.table,
      node,
      currentChain: async () => chain,
      chainIds: async () => [chain.id],
      store: memoryStore(),
      wallet: async () => listener,
      transactions,
      sponsorClient: () => sponsor,
    });
    return { calls, transactions, records, sponsor };
  }

  const params = (
    listener: Wallet,
    calls: { to: string; data: string; value?: string }[],
    sponsored = true,
  ) => ({
    id: undefined,
    from: listener.address,
    chainId: sc.chain.chainId,
    atomicRequired: true,
    rawCalls: calls,
    capabilities: sponsored ? { sponsorService: { url: HOSTILE_SPONSOR } } : {},
  });

  const DAILY = { kind: 'daily', wei: String(ETH / 1000n) } as const;
  const hex = (wei: bigint) => `0x${wei.toString(16)}`;

  it('attack: a site’s own sponsor that pays for anything cannot move value past the limit without the password', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls, records, sponsor } = services(listener, DAILY);
    const approval = (await calls.prepare(
      SITE,
      params(listener, [
        fanCall(sc, 'favorite', 'S1'),
        { to: THIEF, data: '0x', value: hex(ETH / 100n) },
      ]),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(approval.payment).toBe('sponsor');
    // The fee is the sponsor's; the value is the listener's, and it is over the limit.
    expect(approval.spending).toEqual({
      limitWei: String(ETH / 1000n),
      spentWei: '0',
      costWei: String(ETH / 100n),
      passwordRequired: 'over-limit',
    });
    expect(needsPassword(approval)).toBe(true);

    await expect(calls.send(SITE, approval, listener.address)).rejects.toMatchObject({
      code: 4100,
    });
    expect(sponsor.sent).toHaveLength(0);
    expect(records).toEqual([]);

    await calls.send(SITE, approval, listener.address, true);
    expect(sponsor.sent).toHaveLength(1);
    expect(records.map((record) => record.wei)).toEqual([String(ETH / 100n)]);
  });

  it('attack: two sponsored batches approved together, each under the limit, count in turn', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls, sponsor } = services(listener, DAILY);
    const send = (track: string) =>
      calls.prepare(
        SITE,
        params(listener, [
          fanCall(sc, 'favorite', track),
          { to: THIEF, data: '0x', value: hex((ETH * 6n) / 10_000n) },
        ]),
        listener.address,
      );
    const [first, second] = await Promise.all([send('S2'), send('S3')]);
    expect(first.spending.passwordRequired).toBeNull();
    expect(second.spending.passwordRequired).toBeNull();
    const results = await Promise.allSettled([
      calls.send(SITE, first, listener.address),
      calls.send(SITE, second, listener.address),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(sponsor.sent).toHaveLength(1);
  });

  it.each([
    [
      'a token transfer of one raw unit',
      erc20.encodeFunctionData('transfer', [THIEF, 1n]),
      'tokens',
    ],
    ['a capped token approval', erc20.encodeFunctionData('approve', [THIEF, 1000n]), 'tokens'],
    [
      'an unlimited token approval',
      erc20.encodeFunctionData('approve', [THIEF, 2n ** 256n - 1n]),
      'unlimited-approval',
    ],
  ])(
    'attack: %s in a sponsored batch needs the password, whatever the amount',
    async (_name, data, reason) => {
      const listener = await fundedListener(ETH / 10n);
      const { calls, sponsor } = services(listener, DAILY);
      const approval = await calls.prepare(
        SITE,
        params(listener, [fanCall(sc, 'favorite', 'S4'), { to: sc.contracts.fanActions, data }]),
        listener.address,
      );
      expect(approval.spending.passwordRequired).toBe(reason);
      expect(needsPassword(approval)).toBe(true);
      await expect(calls.send(SITE, approval, listener.address)).rejects.toMatchObject({
        code: 4100,
      });
      expect(sponsor.sent).toHaveLength(0);
    },
  );

  it('attack: a token transfer needs the password in the listener’s own batch and in a single transaction too', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls, transactions } = services(listener, DAILY);
    const data = erc20.encodeFunctionData('transfer', [THIEF, 1n]);
    const own: CallsApproval = await calls.prepare(
      SITE,
      params(listener, [{ to: sc.contracts.fanActions, data }], false),
      listener.address,
    );
    expect(own.payment).toBe('own');
    expect(own.spending.passwordRequired).toBe('tokens');
    const single = await transactions.prepare(
      SITE,
      {
        from: listener.address,
        to: sc.contracts.fanActions,
        value: undefined,
        data,
        gas: undefined,
        gasPrice: undefined,
        maxFeePerGas: undefined,
        maxPriorityFeePerGas: undefined,
        nonce: undefined,
        chainId: undefined,
        type: undefined,
        accessList: undefined,
      },
      listener.address,
    );
    expect(single.spending.passwordRequired).toBe('tokens');
    expect(needsPassword(single)).toBe(true);
    await expect(calls.send(SITE, own, listener.address)).rejects.toMatchObject({ code: 4100 });
    expect(await provider.getTransactionCount(listener.address)).toBe(0);
  });

  it('shows the chain’s own currency and says Encore ran the batch itself, beside the sponsor’s word', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls } = services(listener, { kind: 'unlimited' });
    const runs = (await calls.prepare(
      SITE,
      params(listener, [fanCall(sc, 'favorite', 'S5')]),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(runs.currency).toEqual(CURRENCY);
    expect(runs.simulation).toEqual({ outcome: 'success' });
    expect(runs.paidBy.host).toBe('127.0.0.1:9');

    // The sponsor says it pays for a batch that cannot run (more value than the balance):
    // Encore's own run says it fails.
    const fails = (await calls.prepare(
      SITE,
      params(listener, [{ to: THIEF, data: '0x', value: hex(ETH) }]),
      listener.address,
    )) as SponsoredCallsApproval;
    expect(fails.simulation.outcome).toBe('revert');
  });
});
