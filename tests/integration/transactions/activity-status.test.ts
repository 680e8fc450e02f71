// The activity list's statuses read from a real chain (Hardhat's node): a mined transfer is
// confirmed with its fee, a reverted call failed, a transaction replaced by another with its
// nonce dropped, and one the node still holds stays pending.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployDemoContracts,
  jsonRpc,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import { type ActivityEntry, readStatus } from '../../../lib/extension/activity/index.ts';
import { freePort } from '../../support/free-port.ts';

const ETH = 10n ** 18n;
const ARTIST = '0x00000000000000000000000000000000000a4715';

describe('activity statuses on a real chain', () => {
  let chain: LocalChain;
  let provider: JsonRpcProvider;
  let listener: Wallet;
  let token: string;
  let reads: ChainRpc;

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    ({ token } = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY));
    provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    listener = (Wallet.createRandom() as unknown as Wallet).connect(provider);
    const funded = new Wallet(LOCAL_FUNDED_KEY, provider);
    await (
      await funded.sendTransaction({
        to: listener.address,
        value: ETH,
        nonce: await provider.getTransactionCount(funded.address, 'pending'),
      })
    ).wait();
    reads = { request: (method, params) => jsonRpc(chain.url, method, [...params]) };
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await chain?.stop();
  });

  const entry = (hash: string, nonce: number, sentAt = Date.now()): ActivityEntry => ({
    account: listener.address,
    chainId: chain.chainId,
    origin: 'http://127.0.0.1:8800',
    hash,
    nonce,
    summary: 'a test',
    to: ARTIST,
    value: '1',
    maxFee: '1',
    sentAt,
    status: 'pending',
    feePaid: null,
    blockNumber: null,
    checkedAt: null,
  });

  it('confirmed, with the fee the receipt says; failed for a reverted call', async () => {
    const nonce = await provider.getTransactionCount(listener.address, 'pending');
    const ok = await listener.sendTransaction({ to: ARTIST, value: 1n, nonce });
    const mined = await ok.wait();
    const status = await readStatus(reads, entry(ok.hash, nonce), Date.now());
    expect(status).toEqual({
      status: 'confirmed',
      feePaid: (mined!.gasUsed * mined!.gasPrice).toString(),
      blockNumber: mined!.blockNumber,
    });

    const erc20 = new Contract(token, ['function transfer(address,uint256)'], listener);
    const reverting = await erc20.getFunction('transfer')(ARTIST, ETH, {
      nonce: nonce + 1,
      gasLimit: 100_000n,
    });
    await provider.waitForTransaction(reverting.hash);
    expect((await readStatus(reads, entry(reverting.hash, nonce + 1), Date.now())).status).toBe(
      'failed',
    );
  });

  it('pending while the node holds it; dropped once another transaction took its nonce', async () => {
    await jsonRpc(chain.url, 'evm_setAutomine', [false]);
    try {
      const nonce = await provider.getTransactionCount(listener.address, 'latest');
      const first = await listener.sendTransaction({
        to: ARTIST,
        value: 1n,
        nonce,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      expect((await readStatus(reads, entry(first.hash, nonce), Date.now())).status).toBe(
        'pending',
      );
      // The same nonce at a higher fee replaces it (as a wallet's "speed up" or another wallet would).
      const replacement = await listener.sendTransaction({
        to: ARTIST,
        value: 2n,
        nonce,
        maxFeePerGas: 4_000_000_000n,
        maxPriorityFeePerGas: 2_000_000_000n,
      });
      await jsonRpc(chain.url, 'evm_mine');
      expect((await readStatus(reads, entry(first.hash, nonce), Date.now())).status).toBe(
        'dropped',
      );
      expect((await readStatus(reads, entry(replacement.hash, nonce), Date.now())).status).toBe(
        'confirmed',
      );
    } finally {
      await jsonRpc(chain.url, 'evm_setAutomine', [true]);
    }
  });
});
