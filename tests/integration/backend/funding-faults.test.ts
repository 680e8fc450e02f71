// The funding worker against a fake node that answers its reads from different moments: a
// transfer mined between two reads, a load-balanced node whose backends lag each other, a nonce
// another transaction took. Whatever the answers, one address is paid by one transfer.
import { Wallet } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFunder } from '../../../server/funding/funder.ts';
import { createFundingWorker, type FundingWorker } from '../../../server/funding/funding-worker.ts';
import { openSqliteStore } from '../../../server/store/sqlite-store.ts';
import type { Store } from '../../../server/store/store.ts';
import { type NodeAnswers, startFakeNode, type TestServer } from '../../support/fake-node.ts';
import { FakeChain } from './support/fake-chain.ts';

const AMOUNT = 10n ** 15n;

describe('the funding worker under a node that answers from different moments', () => {
  let store: Store;
  let node: TestServer | undefined;
  const clock = { ms: 1_000_000 };
  beforeEach(() => {
    store = openSqliteStore(':memory:');
  });
  afterEach(async () => {
    await node?.close();
    await store.close();
  });

  async function workerOn(
    answers: NodeAnswers,
    key = Wallet.createRandom().privateKey,
  ): Promise<FundingWorker> {
    node = await startFakeNode(answers);
    return createFundingWorker({
      store: store.funding,
      funder: createFunder(node.url, key),
      amountWei: AMOUNT,
      retrySeconds: 1,
      now: () => clock.ms,
    });
  }

  async function queue(): Promise<string> {
    const walletAddress = Wallet.createRandom().address.toLowerCase();
    const result = await store.funding.enqueue({
      walletAddress,
      usernameKey: walletAddress.slice(2, 12),
      clientBucket: '10.0.0.1',
      day: 1,
      perClientPerDay: 100,
      globalPerDay: 100,
      nowMs: clock.ms,
    });
    expect(result).toBe('queued');
    return walletAddress;
  }

  /** One worker pass, an hour after the last (every retry is due by then). */
  async function pass(worker: FundingWorker): Promise<void> {
    clock.ms += 3_600_000;
    await worker.runOnce();
  }

  it('attack: a transfer mined between the receipt read and the nonce read is not paid again', async () => {
    const chain = new FakeChain();
    let loseBroadcast = true;
    let mineAfterReceipt = false;
    const worker = await workerOn((method, params) => {
      const reply = chain.answer(method, params);
      if (method === 'eth_sendRawTransaction' && loseBroadcast) {
        // The node takes the transfer; its answer is lost on the way back.
        loseBroadcast = false;
        mineAfterReceipt = true;
        return { error: 'upstream request timeout' };
      }
      // The next receipt read is answered "none", and the transfer is mined right after it.
      if (method === 'eth_getTransactionReceipt' && mineAfterReceipt) {
        mineAfterReceipt = false;
        chain.mine();
      }
      return reply;
    });
    const ann = await queue();
    for (let i = 0; i < 4; i++) {
      await pass(worker);
      chain.mine();
    }
    expect(chain.transfersTo(ann)).toHaveLength(1);
    expect(await store.funding.summary()).toMatchObject({ paid: 1, queued: 0 });
  });

  it.each([
    ['its receipts', ['eth_getTransactionReceipt']],
    [
      'its receipts, blocks and head',
      ['eth_getTransactionReceipt', 'eth_getBlockByNumber', 'eth_blockNumber'],
    ],
  ])(
    'attack: a load-balanced node whose backend for %s lags one block is not paid twice',
    async (_, lagging) => {
      const chain = new FakeChain();
      let loseBroadcast = true;
      let caughtUp = false;
      const worker = await workerOn((method, params) => {
        const behind = !caughtUp && lagging.includes(method);
        const reply = chain.answer(method, params, behind ? chain.head - 1 : chain.head);
        if (method === 'eth_sendRawTransaction' && loseBroadcast) {
          loseBroadcast = false;
          chain.mine(); // mined at once; the answer is lost
          return { error: 'bad gateway' };
        }
        return reply;
      });
      const bob = await queue();
      await pass(worker);
      await pass(worker);
      expect(chain.transfersTo(bob)).toHaveLength(1);
      expect(await store.funding.summary()).toMatchObject({ paid: 0, queued: 1 });
      caughtUp = true;
      await pass(worker);
      expect(chain.transfersTo(bob)).toHaveLength(1);
      expect(await store.funding.summary()).toMatchObject({ paid: 1, queued: 0 });
    },
  );

  it('signs anew once the block that used the nonce holds another transaction of the funder', async () => {
    const chain = new FakeChain();
    const key = Wallet.createRandom().privateKey;
    let down = true;
    const worker = await workerOn((method, params) => {
      if (method === 'eth_sendRawTransaction' && down) return { error: 'connection refused' };
      // Receipts come from a backend a block behind: the proof is the block, not their absence.
      const behind = method === 'eth_getTransactionReceipt';
      return chain.answer(method, params, behind ? Math.max(chain.head - 1, 0) : chain.head);
    }, key);
    const cleo = await queue();
    await pass(worker); // signed with nonce 0, never taken in
    // Other software spends the funder's nonce 0 meanwhile (a misuse of the key).
    const other = new Wallet(key);
    chain.answer('eth_sendRawTransaction', [
      await other.signTransaction({
        type: 0,
        to: Wallet.createRandom().address,
        value: 1n,
        nonce: 0,
        gasLimit: 21_000n,
        gasPrice: 10n ** 9n,
        chainId: 31337n,
      }),
    ]);
    chain.mine();
    chain.mine();
    down = false;
    await pass(worker); // nonce 0 went elsewhere: signed anew with nonce 1, sent
    chain.mine();
    chain.mine();
    await pass(worker);
    expect(chain.transfersTo(cleo)).toHaveLength(1);
    expect(chain.transfersTo(cleo)[0]?.nonce).toBe(1);
    expect(await store.funding.summary()).toMatchObject({ paid: 1, queued: 0 });
  });
});
