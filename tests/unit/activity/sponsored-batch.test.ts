import { type ChainLog, entryPointEvents } from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type ActivityEntry,
  createActivityService,
  createActivityStore,
  readStatus,
  type SentTransaction,
} from '../../../lib/extension/activity/index.ts';

// A batch a site's sponsor paid for, in the popup's Activity: found on chain by its EntryPoint's
// UserOperationEvent (as wallet_getCallsStatus reads it), never by the listener's nonce.

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ENTRY_POINT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const OP = `0x${'11'.repeat(32)}`;
const TX = `0x${'33'.repeat(32)}`;
const NOW = 1_800_000_000_000;

const batch: SentTransaction = {
  account: ACCOUNT,
  chainId: 31337,
  origin: 'http://127.0.0.1:8800',
  hash: OP,
  nonce: null,
  summary: 'Call favorite on 0xDc64…F6C9; Call follow on 0xDc64…F6C9',
  to: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  value: '0',
  maxFee: '0',
  sentAt: NOW,
  batch: {
    paidBy: '127.0.0.1:8800',
    calls: 2,
    entryPoint: ENTRY_POINT,
    fromBlock: '7',
    deadline: 2_000_000_000,
    transactionHash: null,
  },
};

function opEvent(success: boolean): ChainLog & { transactionHash: string } {
  const encoded = entryPointEvents().encodeEventLog('UserOperationEvent', [
    OP,
    ACCOUNT,
    '0x0000000000000000000000000000000000000000',
    1n,
    success,
    0n,
    90_000n,
  ]);
  return {
    address: ENTRY_POINT,
    topics: encoded.topics as `0x${string}`[],
    data: encoded.data as `0x${string}`,
    transactionHash: TX,
  };
}

function chain(events: ReturnType<typeof opEvent>[]): ChainRpc & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    request: async (method) => {
      asked.push(method);
      if (method === 'eth_getBlockByNumber') return { number: '0xa', timestamp: '0x10' };
      if (method === 'eth_getLogs') return events;
      if (method === 'eth_getTransactionReceipt') {
        return {
          status: '0x1',
          blockHash: `0x${'55'.repeat(32)}`,
          blockNumber: '0x9',
          gasUsed: '0x5208',
          transactionHash: TX,
          logs: events,
        };
      }
      throw new Error(`unexpected ${method}`);
    },
  };
}

const pending: ActivityEntry = {
  ...batch,
  status: 'pending',
  feePaid: null,
  blockNumber: null,
  checkedAt: null,
};

describe('a sponsored batch in Activity', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is pending until its operation is on chain; the listener’s nonce is never asked', async () => {
    const reads = chain([]);
    expect(await readStatus(reads, pending, NOW)).toEqual({
      status: 'pending',
      feePaid: null,
      blockNumber: null,
    });
    expect(reads.asked).not.toContain('eth_getTransactionCount');
  });

  it('is confirmed with the sponsor’s transaction and nothing paid by the listener, or failed when its calls reverted', async () => {
    expect(await readStatus(chain([opEvent(true)]), pending, NOW)).toEqual({
      status: 'confirmed',
      feePaid: '0',
      blockNumber: 9,
      batch: { ...batch.batch, transactionHash: TX },
    });
    expect((await readStatus(chain([opEvent(false)]), pending, NOW)).status).toBe('failed');
  });

  it('is stored, listed and updated like a transaction, the sponsor’s transaction kept', async () => {
    const store = createActivityStore();
    const service = createActivityService({
      store,
      chainFor: async () => null,
      now: () => NOW,
      schedule: () => undefined,
    });
    await service.record(batch);
    const { entries } = await service.list(ACCOUNT, 31337, chain([opEvent(true)]));
    expect(entries).toEqual([
      {
        ...batch,
        status: 'confirmed',
        feePaid: '0',
        blockNumber: 9,
        checkedAt: NOW,
        batch: { ...batch.batch, transactionHash: TX },
      },
    ]);
    expect(await store.list(ACCOUNT, 31337)).toEqual(entries);
  });
});
