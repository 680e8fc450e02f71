// The funding hook against a fake node. The worker, with reads answered from different moments:
// a transfer mined between two reads, a load-balanced node whose backends lag each other, a
// nonce another transaction took; whatever the answers, one address is paid by one transfer.
// The server, with a node that quotes a gas price above the cap or answers words of its own:
// nothing signed, and /health says why in fixed words.

import { type HealthResponse, HealthResponseSchema } from '@encore-wallet/contract';
import { Transaction, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { FakeChain } from '../../../../tests/support/backend/fake-chain.ts';
import { call } from '../../../../tests/support/backend/http.ts';
import {
  type NodeAnswers,
  startFakeNode,
  type TestServer,
} from '../../../../tests/support/fake-node.ts';
import { NO_RATE_LIMIT } from '../../../../tests/support/no-rate-limit.ts';
import { createFunder } from '../../src/funding/funder.ts';
import { DEFAULT_MAX_GAS_PRICE_WEI } from '../../src/funding/funding-config.ts';
import { createFundingWorker, type FundingWorker } from '../../src/funding/funding-worker.ts';
import { type RunningServer, startServer } from '../../src/index.ts';
import { openSqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

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
      funder: createFunder(node.url, key, DEFAULT_MAX_GAS_PRICE_WEI),
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

describe('finding the transaction that used a nonce', () => {
  it('reads it from the block that used the nonce, however far back, in few reads', async () => {
    const chain = new FakeChain();
    const key = Wallet.createRandom().privateKey;
    const account = new Wallet(key);
    const hashes: string[] = [];
    // Nonces 0..5 mined at scattered heights among 300 blocks.
    const heights = [3, 4, 100, 101, 250, 299];
    for (let block = 1; block <= 300; block++) {
      const nonce = heights.indexOf(block);
      if (nonce >= 0) {
        const raw = await account.signTransaction({
          type: 0,
          to: Wallet.createRandom().address,
          value: 1n,
          nonce,
          gasLimit: 21_000n,
          gasPrice: 10n ** 9n,
          chainId: 31337n,
        });
        hashes.push(
          String((chain.answer('eth_sendRawTransaction', [raw]) as { result: string }).result),
        );
      }
      chain.mine();
    }
    let reads = 0;
    const node = await startFakeNode((method, params) => {
      reads++;
      return chain.answer(method, params);
    });
    try {
      const funder = createFunder(node.url, key, DEFAULT_MAX_GAS_PRICE_WEI);
      for (const [nonce, hash] of hashes.entries()) {
        reads = 0;
        expect(await funder.minedWithNonce(nonce)).toBe(hash);
        expect(reads).toBeLessThanOrEqual(2 + 2 * Math.ceil(Math.log2(300)) + 1);
      }
      expect(await funder.minedWithNonce(6)).toBeNull();
    } finally {
      await node.close();
    }
  });
});

describe('the funding hook’s /health under a hostile node', () => {
  const sqlite = ENGINES[0]!();
  const running: { close(): Promise<void> }[] = [];
  beforeAll(() => sqlite.start());
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
  });
  afterAll(() => sqlite.stop());

  /** A server funding through `answers`; its log lines land in `log`. */
  async function serverOn(answers: NodeAnswers, log: string[], maxGasPriceWei = 50n * 10n ** 9n) {
    const node = await startFakeNode(answers);
    running.push(node);
    const server = await startServer({
      databaseUrl: await sqlite.freshDatabaseUrl(),
      rateLimit: NO_RATE_LIMIT,
      log: (line) => log.push(line),
      funding: {
        rpcUrl: node.url,
        privateKey: Wallet.createRandom().privateKey,
        amountWei: AMOUNT,
        perClientPerDay: 100,
        perDay: 100,
        retrySeconds: 1,
        maxGasPriceWei,
      },
    });
    running.push(server);
    return server;
  }

  async function fundingHealth(server: RunningServer): Promise<HealthResponse['funding']> {
    const answer = await call(`${server.url}/health`);
    expect(answer.status).toBe(200);
    return (answer.body as HealthResponse).funding;
  }

  /** Polls /health until the worker has failed at least once; returns what it said. */
  async function firstFailure(server: RunningServer): Promise<HealthResponse['funding']> {
    for (let i = 0; i < 100; i++) {
      const funding = await fundingHealth(server);
      if (funding?.lastError) return funding;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the worker never reported a failure');
  }

  async function signUp(server: RunningServer): Promise<string> {
    const walletAddress = Wallet.createRandom().address;
    const answer = await call(`${server.url}/users`, {
      method: 'POST',
      json: { username: `u${walletAddress.slice(2, 10)}`, walletAddress },
    });
    expect(answer.status).toBe(200);
    return walletAddress;
  }

  it('attack: a node quoting a gas price above the cap gets no transfer signed, and /health says so', async () => {
    const chain = new FakeChain();
    chain.gasPrice = 1000n * 10n ** 9n; // a fee spike, or a node that wants the balance burnt
    const methods: string[] = [];
    const log: string[] = [];
    const server = await serverOn((method, params) => {
      methods.push(method);
      return chain.answer(method, params);
    }, log);
    await signUp(server);
    expect(await firstFailure(server)).toMatchObject({
      queued: 1,
      paid: 0,
      lastError: 'gas price above cap',
    });
    expect(methods).toContain('eth_gasPrice');
    expect(methods).not.toContain('eth_sendRawTransaction');
    expect(chain.accepted).toEqual([]);
    expect(log.join('\n')).toMatch(/above FUNDING_MAX_GAS_PRICE_WEI/);
  });

  it('signs at the node’s price and a quarter, never above the cap', async () => {
    const chain = new FakeChain();
    chain.gasPrice = 45n * 10n ** 9n; // under the 50 gwei cap; a quarter more is above it
    const server = await serverOn((method, params) => chain.answer(method, params), []);
    const ann = await signUp(server);
    for (let i = 0; i < 100 && chain.transfersTo(ann).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [raw] = chain.rawTransactions;
    expect(raw && Transaction.from(raw).gasPrice).toBe(50n * 10n ** 9n);
  });

  it('attack: the node’s error text never reaches /health, only the operator’s log', async () => {
    const marker = 'MARKER-7f3a <script>alert(1)</script> internal 10.1.2.3 upstream';
    const log: string[] = [];
    const server = await serverOn(() => ({ error: marker }), log);
    await signUp(server);
    const funding = await firstFailure(server);
    expect(funding?.lastError).toBe('chain node answered an error');
    const health = (await call(`${server.url}/health`)).body;
    expect(JSON.stringify(health)).not.toContain('MARKER-7f3a');
    expect(log.join('\n')).toContain('MARKER-7f3a');
    // The contract itself allows only the fixed wordings.
    expect(HealthResponseSchema.safeParse(health).success).toBe(true);
    const planted = { ...(health as HealthResponse), funding: { ...funding, lastError: marker } };
    expect(HealthResponseSchema.safeParse(planted).success).toBe(false);
  });
});
