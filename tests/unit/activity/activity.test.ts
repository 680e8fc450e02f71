import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ACTIVITY_KEY,
  type ActivityEntry,
  createActivityService,
  createActivityStore,
  DROP_AFTER_MS,
  MAX_ENTRIES,
  readStatus,
  type SentTransaction,
} from '../../../lib/extension/activity/index.ts';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const NOW = 1_800_000_000_000;

function sent(n: number, overrides: Partial<SentTransaction> = {}): SentTransaction {
  return {
    account: ACCOUNT,
    chainId: 31337,
    origin: 'https://tips.example',
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    nonce: n,
    summary: `Send ${n} ETH to 0x2222…2222`,
    to: '0x2222222222222222222222222222222222222222',
    value: '1',
    maxFee: '21000',
    sentAt: NOW,
    ...overrides,
  };
}

const pending = (n: number, overrides: Partial<SentTransaction> = {}): ActivityEntry => ({
  ...sent(n, overrides),
  status: 'pending',
  feePaid: null,
  blockNumber: null,
  checkedAt: null,
});

function chain(answers: Record<string, (params: readonly unknown[]) => unknown>): ChainRpc {
  return {
    request: async (method, params) => {
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
  };
}

describe('the activity store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('lists newest first per account and chain, keeps at most 100, and reads past damaged entries', async () => {
    const store = createActivityStore();
    for (let n = 1; n <= MAX_ENTRIES + 5; n++) await store.add(pending(n));
    await store.add(pending(1, { chainId: 1 }));
    const list = await store.list(ACCOUNT.toUpperCase().replace('0X', '0x'), 31337);
    expect(list).toHaveLength(MAX_ENTRIES);
    expect(list[0]?.nonce).toBe(MAX_ENTRIES + 5);
    expect(await store.list(ACCOUNT, 1)).toHaveLength(1);

    const stored = (await fakeBrowser.storage.local.get(ACTIVITY_KEY))[ACTIVITY_KEY] as {
      lists: Record<string, unknown[]>;
    };
    stored.lists[`31337:${ACCOUNT}`]?.splice(0, 2, { hash: 'nope' }, 'garbage');
    await fakeBrowser.storage.local.set({ [ACTIVITY_KEY]: stored });
    expect(await store.list(ACCOUNT, 31337)).toHaveLength(MAX_ENTRIES - 2);
  });

  it('reads a record of another version as empty, and a write keeps the lists it cannot read', async () => {
    await fakeBrowser.storage.local.set({ [ACTIVITY_KEY]: { version: 9, lists: { x: [1] } } });
    const store = createActivityStore();
    expect(await store.list(ACCOUNT, 31337)).toEqual([]);
  });
});

describe('what the chain says about a sent transaction', () => {
  const entry = pending(5);

  it('confirmed or failed from its receipt, with the fee paid', async () => {
    const receipt = (status: string) =>
      chain({
        eth_getTransactionReceipt: () => ({
          status,
          gasUsed: '0x5208',
          effectiveGasPrice: '0x3b9aca00',
          blockNumber: '0x10',
        }),
      });
    expect(await readStatus(receipt('0x1'), entry, NOW)).toEqual({
      status: 'confirmed',
      feePaid: (21_000n * 1_000_000_000n).toString(),
      blockNumber: 16,
    });
    expect((await readStatus(receipt('0x0'), entry, NOW)).status).toBe('failed');
  });

  it('dropped when the account mined its nonce without it, or the node forgot it long ago', async () => {
    const replaced = chain({
      eth_getTransactionReceipt: () => null,
      eth_getTransactionCount: () => '0x6',
    });
    expect((await readStatus(replaced, entry, NOW)).status).toBe('dropped');
    const forgotten = chain({
      eth_getTransactionReceipt: () => null,
      eth_getTransactionCount: () => '0x5',
      eth_getTransactionByHash: () => null,
    });
    expect((await readStatus(forgotten, entry, NOW + DROP_AFTER_MS - 1)).status).toBe('pending');
    expect((await readStatus(forgotten, entry, NOW + DROP_AFTER_MS + 1)).status).toBe('dropped');
    const known = chain({
      eth_getTransactionReceipt: () => null,
      eth_getTransactionCount: () => '0x5',
      eth_getTransactionByHash: () => ({ hash: entry.hash }),
    });
    expect((await readStatus(known, entry, NOW + DROP_AFTER_MS + 1)).status).toBe('pending');
  });
});

describe('the activity service', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records a sent transaction as pending and follows it until it is mined', async () => {
    const ticks: (() => void)[] = [];
    let mined = false;
    const node = chain({
      eth_getTransactionReceipt: () =>
        mined
          ? { status: '0x1', gasUsed: '0x1', effectiveGasPrice: '0x2', blockNumber: '0x3' }
          : null,
      eth_getTransactionCount: () => '0x0',
    });
    const service = createActivityService({
      store: createActivityStore(),
      chainFor: async () => node,
      now: () => NOW,
      schedule: (run) => void ticks.push(run),
    });
    await service.record(sent(0));
    expect((await service.list(ACCOUNT, 31337, null)).entries[0]?.status).toBe('pending');
    ticks.shift()?.();
    await new Promise((r) => setTimeout(r, 10));
    mined = true;
    ticks.shift()?.();
    await new Promise((r) => setTimeout(r, 10));
    const [entry] = (await service.list(ACCOUNT, 31337, null)).entries;
    expect(entry).toMatchObject({ status: 'confirmed', feePaid: '2', blockNumber: 3 });
    expect(ticks).toHaveLength(0);
  });

  it('a chain that cannot be read leaves entries pending and says why', async () => {
    const store = createActivityStore();
    await store.add(pending(1));
    const service = createActivityService({ store, chainFor: async () => null, now: () => NOW });
    const down = chain({
      eth_getTransactionReceipt: () => {
        throw new Error("The chain's RPC node could not be reached.");
      },
    });
    const view = await service.list(ACCOUNT, 31337, down);
    expect(view.entries[0]?.status).toBe('pending');
    expect(view.unreadable).toMatch(/could not be reached/);
    expect((await service.list(ACCOUNT, 31337, null)).unreadable).toMatch(/no RPC URL/);
  });
});
