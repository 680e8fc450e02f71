// A nonce set by the site, against a real local chain (Hardhat's node) with automatic mining off,
// so sent transactions stay pending in the pool as on a public chain: a hostile site's nonce ahead
// of the account's (a gap) and its nonce of another site's pending transaction (a replacement)
// are refused before the window; the site that sent a pending transaction may replace it, shown
// as such, and only the replacement is mined.
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonRpc,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import {
  createNonceReservations,
  createTransactionService,
  type TransactionService,
} from '../../../lib/extension/transactions/index.ts';
import { transactionRequestSchema } from '../../../lib/transactions/index.ts';
import { freePort } from '../../support/free-port.ts';

const ETH = 10n ** 18n;
const SHOP = 'http://127.0.0.1:8800';
const HOSTILE = 'http://127.0.0.1:8801';
const ARTIST = '0x00000000000000000000000000000000000a4715';
const THIEF = '0x00000000000000000000000000000000000bad00';

describe('a nonce the site sets, on a chain whose pool holds pending transactions', () => {
  let chain: LocalChain;
  let txs: TransactionService;
  let wallet: Wallet;

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    const provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
    wallet = new Wallet(Wallet.createRandom().privateKey);
    const funded = new Wallet(LOCAL_FUNDED_KEY, provider);
    await (await funded.sendTransaction({ to: wallet.address, value: ETH })).wait();
    provider.destroy();
    await jsonRpc(chain.url, 'evm_setAutomine', [false]);
    txs = createTransactionService({
      node: createNodeClient({
        currentChain: async () => ({ id: chain.chainId, name: 'Local', rpcUrl: chain.url }),
      }),
      currentChain: async () => ({
        id: chain.chainId,
        name: 'Local',
        currency: { symbol: 'ETH', decimals: 18 },
        limit: { kind: 'unlimited' },
      }),
      ledger: { read: async () => [], add: async () => {} },
      nonces: createNonceReservations(),
    });
  }, 120_000);
  afterAll(() => chain?.stop());

  const request = (fields: Record<string, unknown>) =>
    transactionRequestSchema().parse({ from: wallet.address, gas: '0x5208', ...fields });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: ProviderRpcError) => error,
    );

  it('refuses a gap and another site’s replacement before the window; the sender replaces its own, shown so', async () => {
    const shop = await txs.prepare(SHOP, request({ to: ARTIST, value: '0x1' }), wallet.address);
    expect(shop.replacesPending).toBe(false);
    const pending = await txs.send(SHOP, shop, wallet, false);
    expect(await jsonRpc(chain.url, 'eth_getTransactionCount', [wallet.address, 'pending'])).toBe(
      '0x1',
    );

    // A hostile site cancels the shop's payment by sending its own with nonce 0 and a higher fee.
    const replace = request({ to: THIEF, value: '0x2', nonce: '0x0', gasPrice: '0x2540be400' });
    const taken = await refusal(txs.prepare(HOSTILE, replace, wallet.address));
    expect(taken.code).toBe(-32602);
    expect(taken.message).toContain('nonce 0 belongs to a transaction this site did not send');

    // Or leaves a gap: nonce 5 waits in the pool for later, against another state.
    const gap = await refusal(
      txs.prepare(HOSTILE, request({ to: THIEF, value: '0x2', nonce: '0x5' }), wallet.address),
    );
    expect(gap.code).toBe(-32602);
    expect(gap.message).toContain("nonce 5 is ahead of the account's next nonce 1");

    // The shop speeds up its own payment: shown as a replacement, and only it is mined.
    const speedUp = await txs.prepare(
      SHOP,
      request({ to: ARTIST, value: '0x1', nonce: '0x0', gasPrice: '0x2540be400' }),
      wallet.address,
    );
    expect(speedUp.replacesPending).toBe(true);
    const replacement = await txs.send(SHOP, speedUp, wallet, false);
    await jsonRpc(chain.url, 'evm_mine', []);
    expect(await jsonRpc(chain.url, 'eth_getTransactionReceipt', [pending])).toBeNull();
    const mined = (await jsonRpc(chain.url, 'eth_getTransactionReceipt', [replacement])) as {
      status: string;
    };
    expect(mined.status).toBe('0x1');

    // Encore's own next nonce is right after it.
    const next = await txs.prepare(SHOP, request({ to: ARTIST, value: '0x3' }), wallet.address);
    await txs.send(SHOP, next, wallet, false);
    expect(await jsonRpc(chain.url, 'eth_getTransactionCount', [wallet.address, 'pending'])).toBe(
      '0x2',
    );
  });
});
