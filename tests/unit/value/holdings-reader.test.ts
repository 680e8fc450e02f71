// The holdings reader: what the account holds of each chain's currency and of the tokens Encore
// knows of (added by address, or moved by Encore's own transactions), read within limits, with a
// failing or stalled chain costing only itself.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { KnownChain } from '../../../lib/extension/settings/index.ts';
import {
  createAddedTokens,
  createHoldingsReader,
  type HoldingsReaderDeps,
  MAX_TOKENS_PER_CHAIN,
  type SentTransactionRef,
} from '../../../lib/extension/value/index.ts';
import {
  type FakeChain,
  fakeChain,
  knownChain,
  nftTransferLog,
  rpcOf,
  transferLog,
} from './support/fake-chain.ts';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TIP = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const NFT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const HASH_1 = `0x${'a1'.repeat(32)}`;
const HASH_2 = `0x${'b2'.repeat(32)}`;
const lower = (a: string) => a.toLowerCase();

interface World {
  chains: Map<number, { known: KnownChain; node: FakeChain }>;
  current: number;
  sent: Record<number, SentTransactionRef[]>;
}

function reader(world: World, extra: Partial<HoldingsReaderDeps> = {}) {
  return createHoldingsReader({
    readableChains: async () => [...world.chains.values()].map((chain) => chain.known),
    currentChainId: async () => world.current,
    readsOn: (chain) => {
      const entry = world.chains.get(chain.id);
      if (!entry) throw new Error('no such chain');
      return rpcOf(entry.node);
    },
    sent: async (_account, chainId) => world.sent[chainId] ?? [],
    addedTokens: createAddedTokens(),
    ...extra,
  });
}

function world(...chains: [number, string, FakeChain][]): World {
  return {
    chains: new Map(chains.map(([id, name, node]) => [id, { known: knownChain(id, name), node }])),
    current: chains[0]?.[0] ?? 1,
    sent: {},
  };
}

describe('holdings reader', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the chain currency on every chain with an RPC URL, the current chain first', async () => {
    const w = world(
      [1, 'Ethereum', fakeChain({ balances: { [lower(ACCOUNT)]: 3n } })],
      [31337, 'Local development', fakeChain({ balances: { [lower(ACCOUNT)]: 10n ** 18n } })],
    );
    w.current = 31337;
    const held = await reader(w).read(lower(ACCOUNT));
    expect(held.account).toBe(ACCOUNT);
    expect(held.chainsNotRead).toBe(0);
    expect(held.chains.map((c) => [c.chain.id, c.native])).toEqual([
      [31337, { symbol: 'ETH', decimals: 18, wei: '1000000000000000000' }],
      [1, { symbol: 'ETH', decimals: 18, wei: '3' }],
    ]);
  });

  it('lists tokens added by address and tokens Encore’s transactions moved, not NFTs nor others’ transfers', async () => {
    const node = fakeChain({
      balances: { [lower(ACCOUNT)]: 1n },
      tokens: {
        [lower(USDC)]: { symbol: 'USDC', decimals: 6, balances: { [lower(ACCOUNT)]: 2_500_000n } },
        [lower(TIP)]: { symbol: 'TIP', decimals: 18, balances: { [lower(ACCOUNT)]: 5n } },
        [lower(NFT)]: { symbol: 'ART', decimals: 0, balances: { [lower(ACCOUNT)]: 1n } },
      },
      receipts: {
        // The listener sent TIP; an NFT came in; someone else's USDC moved in the same receipt.
        [HASH_1]: { logs: [transferLog(TIP, ACCOUNT, OTHER), nftTransferLog(NFT, OTHER, ACCOUNT)] },
        [HASH_2]: { logs: [transferLog(USDC, OTHER, OTHER)] },
      },
    });
    const w = world([1, 'Ethereum', node]);
    w.sent[1] = [
      { hash: HASH_1, status: 'confirmed' },
      { hash: HASH_2, status: 'confirmed' },
    ];
    const tokens = createAddedTokens();
    await tokens.add(ACCOUNT, 1, { address: USDC, symbol: 'USDC', decimals: 6 });
    const [chain] = (await reader(w, { addedTokens: tokens }).read(ACCOUNT)).chains;
    expect(chain?.tokens).toEqual([
      {
        address: USDC,
        symbol: 'USDC',
        decimals: 6,
        balance: '2500000',
        unreadable: null,
        source: 'added',
      },
      {
        address: TIP,
        symbol: 'TIP',
        decimals: 18,
        balance: '5',
        unreadable: null,
        source: 'activity',
      },
    ]);
  });

  it('finds tokens a transaction brought in (received), and a sponsored batch’s through the sponsor’s transaction', async () => {
    const node = fakeChain({
      tokens: { [lower(TIP)]: { symbol: 'TIP', decimals: 18, balances: {} } },
      receipts: { [HASH_2]: { logs: [transferLog(TIP, OTHER, ACCOUNT)] } },
    });
    const w = world([1, 'Ethereum', node]);
    w.sent[1] = [
      { hash: HASH_1, status: 'confirmed', batch: { transactionHash: HASH_2 } },
      // Not mined, or reverted: no receipt worth reading.
      { hash: `0x${'c3'.repeat(32)}`, status: 'pending' },
    ];
    const [chain] = (await reader(w).read(ACCOUNT)).chains;
    expect(chain?.tokens.map((t) => [t.symbol, t.balance, t.source])).toEqual([
      ['TIP', '0', 'activity'],
    ]);
    const receipts = node.requests.filter((r) => r.method === 'eth_getTransactionReceipt');
    expect(receipts.map((r) => r.params[0])).toEqual([HASH_2]);
  });

  it('asks for a mined receipt once: a popup opened again reads only balances', async () => {
    const node = fakeChain({
      tokens: { [lower(TIP)]: { symbol: 'TIP', decimals: 18, balances: {} } },
      receipts: { [HASH_1]: { logs: [transferLog(TIP, ACCOUNT, OTHER)] } },
    });
    const w = world([1, 'Ethereum', node]);
    w.sent[1] = [{ hash: HASH_1, status: 'confirmed' }];
    const r = reader(w);
    await r.read(ACCOUNT);
    node.requests.length = 0;
    await r.read(ACCOUNT);
    expect(node.requests.map((q) => q.method).sort()).toEqual(['eth_call', 'eth_getBalance']);
  });

  it('a failing chain and a stalled chain cost only themselves', async () => {
    const w = world(
      [1, 'Ethereum', fakeChain({ fail: true })],
      [10, 'Stalled', fakeChain({ stall: true })],
      [31337, 'Local development', fakeChain({ balances: { [lower(ACCOUNT)]: 7n } })],
    );
    const held = await reader(w, { chainDeadlineMs: 50 }).read(ACCOUNT);
    expect(held.chains.map((c) => [c.chain.id, c.native?.wei ?? null, c.unreadable])).toEqual([
      [1, null, 'The chain’s RPC node could not be reached.'],
      [10, null, 'Stalled did not answer within 0.05 s'],
      [31337, '7', null],
    ]);
  });

  it('a token whose balance cannot be read says so and keeps its place; the chain still reads', async () => {
    const node = fakeChain({ balances: { [lower(ACCOUNT)]: 1n } });
    const tokens = createAddedTokens();
    // Added earlier; its contract is gone from this chain (answers 0x to balanceOf).
    await tokens.add(ACCOUNT, 1, { address: USDC, symbol: 'USDC', decimals: 6 });
    const [chain] = (
      await reader(world([1, 'Ethereum', node]), { addedTokens: tokens }).read(ACCOUNT)
    ).chains;
    expect(chain?.native?.wei).toBe('1');
    expect(chain?.tokens[0]).toMatchObject({ address: USDC, balance: null });
    expect(chain?.tokens[0]?.unreadable).toMatch(/balanceOf/);
  });

  it('bounds the work: at most MAX_TOKENS_PER_CHAIN tokens and MAX_CHAINS chains', async () => {
    const tokens: FakeChain['tokens'] = {};
    const logs = [];
    for (let i = 1; i <= MAX_TOKENS_PER_CHAIN + 15; i++) {
      const address = `0x${i.toString(16).padStart(40, '0')}`;
      tokens[address] = { symbol: `T${i}`, decimals: 18, balances: {} };
      logs.push(transferLog(address, OTHER, ACCOUNT));
    }
    const node = fakeChain({ tokens, receipts: { [HASH_1]: { logs } } });
    const chains: [number, string, FakeChain][] = [[1, 'Ethereum', node]];
    for (let id = 100; id < 110; id++) chains.push([id, `Chain ${id}`, fakeChain()]);
    const w = world(...chains);
    w.sent[1] = [{ hash: HASH_1, status: 'confirmed' }];
    const held = await reader(w).read(ACCOUNT);
    expect(held.chains).toHaveLength(8);
    expect(held.chainsNotRead).toBe(3);
    expect(held.chains[0]?.tokens).toHaveLength(MAX_TOKENS_PER_CHAIN);
    const calls = node.requests.filter((r) => r.method === 'eth_call').length;
    // decimals, symbol and balanceOf per listed token, nothing for the ones past the cap.
    expect(calls).toBe(3 * MAX_TOKENS_PER_CHAIN);
  });

  it('looks a token up by address: checksummed, with what the contract says and the balance', async () => {
    const node = fakeChain({
      tokens: {
        [lower(USDC)]: { symbol: 'USDC', decimals: 6, balances: { [lower(ACCOUNT)]: 42n } },
      },
    });
    const r = reader(world([1, 'Ethereum', node]));
    expect(await r.lookupToken(ACCOUNT, 1, lower(USDC))).toEqual({
      chain: {
        id: 1,
        name: 'Ethereum',
        currency: { symbol: 'ETH', decimals: 18 },
        explorerUrl: null,
      },
      token: { address: USDC, symbol: 'USDC', decimals: 6 },
      balance: '42',
    });
    await expect(r.lookupToken(ACCOUNT, 1, OTHER)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ path: 'address', message: expect.stringMatching(/no contract/) }] },
    });
    await expect(r.lookupToken(ACCOUNT, 5, USDC)).rejects.toMatchObject({
      details: { issues: [{ path: 'chainId' }] },
    });
  });
});
