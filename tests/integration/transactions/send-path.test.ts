// The worker's send path against a real local chain (Hardhat's node): the extension's node
// client, lib/transactions and the transaction service, with in-memory stores. Nonces under
// load and a lagging node, a broadcast the node refuses, a reverting call, a chain that cannot
// be read, a node that lies about the hash, and the daily limit checked again at send time.
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN_SUPPLY,
  deployDemoContracts,
  jsonRpc,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import type { SentTransaction } from '../../../lib/extension/activity/index.ts';
import type { TransactionApproval } from '../../../lib/extension/approvals/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import {
  type CurrentChain,
  createNonceReservations,
  createTransactionService,
  type SpendingLedger,
  type TransactionService,
} from '../../../lib/extension/transactions/index.ts';
import {
  type SpendingLimit,
  type SpendingRecord,
  transactionRequestSchema,
} from '../../../lib/transactions/index.ts';
import { freePort } from '../../support/free-port.ts';

const ETH = 10n ** 18n;
const SITE = 'http://127.0.0.1:8800';
const ARTIST = '0x00000000000000000000000000000000000a4715';

function memoryLedger(): SpendingLedger & { records: SpendingRecord[] } {
  const records: SpendingRecord[] = [];
  return {
    records,
    read: async () => [...records],
    add: async (_account, _chainId, record) => {
      records.push(record);
    },
  };
}

type NodeLike = {
  request(origin: string, method: string, params: readonly unknown[]): Promise<unknown>;
};

describe('sending transactions on a real chain', () => {
  let chain: LocalChain;
  let token: string;
  let funded: Wallet;

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    ({ token } = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY));
    funded = new Wallet(LOCAL_FUNDED_KEY);
  }, 120_000);
  afterAll(() => chain?.stop());

  /** A new listener with `eth` ether and some tokens. */
  async function listener(eth: bigint, tokens = 0n): Promise<Wallet> {
    const wallet = Wallet.createRandom() as unknown as Wallet;
    const provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
    const payer = funded.connect(provider);
    const nonce = await provider.getTransactionCount(payer.address, 'pending');
    await (await payer.sendTransaction({ to: wallet.address, value: eth, nonce })).wait();
    if (tokens > 0n) {
      const erc20 = new Contract(token, ['function transfer(address,uint256)'], payer);
      await (
        await erc20.getFunction('transfer')(wallet.address, tokens, { nonce: nonce + 1 })
      ).wait();
    }
    provider.destroy();
    return wallet;
  }

  function service(
    options: {
      node?: NodeLike;
      limit?: SpendingLimit;
      ledger?: SpendingLedger;
      activity?: SentTransaction[];
    } = {},
  ): TransactionService {
    const current: CurrentChain = {
      id: chain.chainId,
      name: 'Local development',
      currency: { symbol: 'ETH', decimals: 18 },
      limit: options.limit ?? { kind: 'unlimited' },
    };
    const node =
      options.node ??
      createNodeClient({
        currentChain: async () => ({
          id: chain.chainId,
          name: 'Local development',
          rpcUrl: chain.url,
        }),
      });
    const activity = options.activity;
    return createTransactionService({
      node,
      currentChain: async () => current,
      ledger: options.ledger ?? memoryLedger(),
      nonces: createNonceReservations(),
      ...(activity ? { activity: { record: async (tx) => void activity.push(tx) } } : {}),
    });
  }

  const request = (fields: Record<string, unknown>) => transactionRequestSchema().parse(fields);

  async function receipt(hash: string): Promise<{ status: string; blockNumber: string } | null> {
    return (await jsonRpc(chain.url, 'eth_getTransactionReceipt', [hash])) as {
      status: string;
      blockNumber: string;
    } | null;
  }

  it('sends five transactions at once from one account: five nonces, all mined', async () => {
    const wallet = await listener(ETH);
    const sent: SentTransaction[] = [];
    const txs = service({ activity: sent });
    const approvals = await Promise.all(
      [1n, 2n, 3n, 4n, 5n].map((n) =>
        txs.prepare(
          SITE,
          request({ from: wallet.address, to: ARTIST, value: `0x${n.toString(16)}` }),
          wallet.address,
        ),
      ),
    );
    const hashes = await Promise.all(approvals.map((a) => txs.send(SITE, a, wallet, false)));
    expect(new Set(hashes).size).toBe(5);
    for (const hash of hashes) expect((await receipt(hash))?.status).toBe('0x1');
    expect(sent.map((t) => t.nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(sent[0]).toMatchObject({
      origin: SITE,
      account: wallet.address,
      chainId: chain.chainId,
    });
  });

  it('a node that counts pending transactions late does not make two share a nonce', async () => {
    const wallet = await listener(ETH);
    await jsonRpc(chain.url, 'evm_setAutomine', [false]);
    try {
      const real = createNodeClient({
        currentChain: async () => ({ id: chain.chainId, name: 'Local', rpcUrl: chain.url }),
      });
      // A node behind a load balancer: its "pending" count lags behind what it accepted.
      const lagging: NodeLike = {
        request: (origin, method, params) =>
          method === 'eth_getTransactionCount'
            ? real.request(origin, method, [params[0], 'latest'])
            : real.request(origin, method, params),
      };
      const txs = service({ node: lagging });
      const hashes: string[] = [];
      for (const value of ['0x1', '0x2', '0x3']) {
        const approval = await txs.prepare(
          SITE,
          request({ from: wallet.address, to: ARTIST, value, gas: '0x5208' }),
          wallet.address,
        );
        hashes.push(await txs.send(SITE, approval, wallet, false));
      }
      await jsonRpc(chain.url, 'evm_mine');
      for (const hash of hashes) expect((await receipt(hash))?.status).toBe('0x1');
    } finally {
      await jsonRpc(chain.url, 'evm_setAutomine', [true]);
    }
  });

  it('a transaction the node refuses leaves its nonce for the next one', async () => {
    const wallet = await listener(ETH / 10n);
    const sent: SentTransaction[] = [];
    const txs = service({ activity: sent });
    // More than the account holds: the node refuses the broadcast.
    const tooMuch = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: `0x${ETH.toString(16)}` }),
      wallet.address,
    );
    expect(tooMuch.review.warnings.map((w) => w.kind)).toContain('INSUFFICIENT_FUNDS');
    await expect(txs.send(SITE, tooMuch, wallet, false)).rejects.toMatchObject({
      message: expect.stringMatching(/funds|balance/i),
    });
    const fine = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: '0x1' }),
      wallet.address,
    );
    const hash = await txs.send(SITE, fine, wallet, false);
    expect((await receipt(hash))?.status).toBe('0x1');
    expect(sent.map((t) => t.nonce)).toEqual([0]);
  });

  it('reads an ERC-20 transfer on chain, and says why a call would revert; sent anyway, it fails on chain', async () => {
    const wallet = await listener(ETH, 5n * ETH);
    const erc20 = new Contract(token, ['function transfer(address,uint256)']);
    const txs = service();
    const fits = await txs.prepare(
      SITE,
      request({
        from: wallet.address,
        to: token,
        data: erc20.interface.encodeFunctionData('transfer', [ARTIST, 2n * ETH]),
      }),
      wallet.address,
    );
    expect(fits.review.summary).toMatch(/^Send 2 ENC to 0x0000…4715$/);
    expect(fits.review.call).toMatchObject({
      kind: 'token',
      token: { symbol: 'ENC', decimals: 18 },
    });
    expect(fits.review.simulation).toEqual({ outcome: 'success' });

    const tooMany = await txs.prepare(
      SITE,
      request({
        from: wallet.address,
        to: token,
        data: erc20.interface.encodeFunctionData('transfer', [ARTIST, DEMO_TOKEN_SUPPLY]),
      }),
      wallet.address,
    );
    expect(tooMany.review.simulation).toEqual({
      outcome: 'revert',
      reason: { kind: 'error', text: 'balance' },
    });
    expect(tooMany.review.warnings.map((w) => w.kind)).toContain('WILL_REVERT');
    const hash = await txs.send(SITE, tooMany, wallet, false);
    expect((await receipt(hash))?.status).toBe('0x0');
  });

  it('a chain that cannot be read says so, and nothing is sent', async () => {
    const wallet = Wallet.createRandom();
    const closed = `http://127.0.0.1:${await freePort()}`;
    const txs = service({
      node: createNodeClient({
        currentChain: async () => ({ id: chain.chainId, name: 'Local', rpcUrl: closed }),
      }),
    });
    await expect(
      txs.prepare(
        SITE,
        request({ from: wallet.address, to: ARTIST, value: '0x1' }),
        wallet.address,
      ),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/could not read|could not be reached/),
    });
  });

  it('answers the hash of the signed bytes, whatever the node says it is', async () => {
    const wallet = await listener(ETH);
    const real = createNodeClient({
      currentChain: async () => ({ id: chain.chainId, name: 'Local', rpcUrl: chain.url }),
    });
    const lying: NodeLike = {
      request: async (origin, method, params) => {
        const answer = await real.request(origin, method, params);
        return method === 'eth_sendRawTransaction' ? `0x${'66'.repeat(32)}` : answer;
      },
    };
    const txs = service({ node: lying });
    const approval = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: '0x1' }),
      wallet.address,
    );
    const hash = await txs.send(SITE, approval, wallet, false);
    expect(hash).not.toBe(`0x${'66'.repeat(32)}`);
    expect((await receipt(hash))?.status).toBe('0x1');
  });

  it('attack: the worker stopped as the node took the transaction: its cost was already recorded; a signed transaction the node refused counts too', async () => {
    const wallet = await listener(ETH / 10n);
    const ledger = memoryLedger();
    const real = createNodeClient({
      currentChain: async () => ({ id: chain.chainId, name: 'Local', rpcUrl: chain.url }),
    });
    // What the ledger held when the signed bytes reached the node: a worker stopped from then on
    // (the browser ends it, or it crashes) never gets to write anything after.
    const heldAtBroadcast: number[] = [];
    const watching: NodeLike = {
      request: async (origin, method, params) => {
        if (method === 'eth_sendRawTransaction') heldAtBroadcast.push(ledger.records.length);
        return real.request(origin, method, params);
      },
    };
    const txs = service({
      node: watching,
      ledger,
      limit: { kind: 'daily', wei: (10n * ETH).toString() },
    });
    const fine = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: '0x1' }),
      wallet.address,
    );
    await txs.send(SITE, fine, wallet, false);
    expect(heldAtBroadcast).toEqual([1]);
    // More than the account holds: the node says no, yet it has the signed bytes, valid while
    // their nonce is free (it could send them once the account is funded). They count.
    const tooMuch = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: `0x${ETH.toString(16)}` }),
      wallet.address,
    );
    await expect(txs.send(SITE, tooMuch, wallet, false)).rejects.toBeTruthy();
    expect(heldAtBroadcast).toEqual([1, 2]);
    expect(ledger.records).toHaveLength(2);
  });

  it('checks the daily limit again when sending: the second of two approved together needs the password', async () => {
    const wallet = await listener(ETH);
    const ledger = memoryLedger();
    const txs = service({ ledger, limit: { kind: 'daily', wei: (ETH / 100n).toString() } });
    const ask = () =>
      txs.prepare(
        SITE,
        request({
          from: wallet.address,
          to: ARTIST,
          value: `0x${(ETH / 200n).toString(16)}`,
          gas: '0x5208',
        }),
        wallet.address,
      );
    const [first, second] = (await Promise.all([ask(), ask()])) as [
      TransactionApproval,
      TransactionApproval,
    ];
    // Each fits alone, so neither window asked for the password.
    expect([first.spending.passwordRequired, second.spending.passwordRequired]).toEqual([
      null,
      null,
    ]);
    await txs.send(SITE, first, wallet, false);
    await expect(txs.send(SITE, second, wallet, false)).rejects.toMatchObject({ code: 4100 });
    expect(ledger.records).toHaveLength(1);
    await txs.send(SITE, second, wallet, true);
    expect(ledger.records).toHaveLength(2);
    // Now over the limit even for a tiny amount: the window asks for the password.
    const third = await txs.prepare(
      SITE,
      request({ from: wallet.address, to: ARTIST, value: '0x1' }),
      wallet.address,
    );
    expect(third.spending.passwordRequired).toBe('over-limit');
  });
});
