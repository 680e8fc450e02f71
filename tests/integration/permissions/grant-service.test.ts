// The worker's grant path on the local chain, with its real send path: a listener whose address
// still runs the delegate an earlier build pinned (tests/support/previous-delegate.ts: its released
// code, without `executeFromExecutor` or ERC-1271), a site asks for an erc20-token-periodic
// permission, and the window's approval carries the one-time move to the pinned delegate, with the
// token's units read from the chain. Once granted (the upgrade mined first), the site's session account redeems the
// context with the kit within the cap, and is refused over it. Without the move the redemption
// reverts: the earlier delegate has no `executeFromExecutor`.

import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpc, LOCAL_FUNDED_KEY, sendLocalEther } from '../../../chain/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import {
  createGrantService,
  type GrantStore,
  type StoredGrant,
} from '../../../lib/extension/spend-permissions/index.ts';
import {
  createNonceReservations,
  createTransactionService,
} from '../../../lib/extension/transactions/index.ts';
import type { SpendingRecord } from '../../../lib/transactions/index.ts';
import {
  DAY,
  ETH,
  erc20,
  type PermissionsChain,
  publicClient,
  redeemTokensThenOneMore,
  startPermissionsChain,
} from '../../support/permissions-chain.ts';
import { delegateTo, deployPreviousDelegate } from '../../support/previous-delegate.ts';

const SITE = 'https://music.example';
const CURRENCY = { symbol: 'ETH', decimals: 18 };

function memoryGrants(): GrantStore & { kept: StoredGrant[] } {
  const kept: StoredGrant[] = [];
  return {
    kept,
    list: async (account, chainId) =>
      kept.filter(
        (g) => g.chainId === chainId && g.account.toLowerCase() === account.toLowerCase(),
      ),
    get: async (id) => kept.find((g) => g.id === id) ?? null,
    add: async (grant) => void kept.push(grant),
    markRevoked: async () => false,
  };
}

describe('a grant that moves a listener of an earlier build to the pinned delegate', () => {
  let chain: PermissionsChain;
  let oldDelegate: string;
  beforeAll(async () => {
    chain = await startPermissionsChain();
    oldDelegate = (await deployPreviousDelegate(chain.sc)).address;
  }, 120_000);
  afterAll(() => chain?.stop());

  /** A listener with 1 ETH and 100 tokens, whose address runs the earlier build's delegate. */
  async function existingListener(): Promise<Wallet> {
    const listener = Wallet.createRandom() as unknown as Wallet;
    const url = chain.sc.chain.url;
    await sendLocalEther(url, listener.address, ETH);
    await delegateTo(chain.sc, listener, oldDelegate as `0x${string}`);
    const provider = new JsonRpcProvider(url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    try {
      const signer = new Wallet(LOCAL_FUNDED_KEY, provider);
      const token = new Contract(chain.token, ['function transfer(address,uint256)'], signer);
      const nonce = await provider.getTransactionCount(signer.address, 'pending');
      await (await token.getFunction('transfer')(listener.address, 100n * ETH, { nonce })).wait();
    } finally {
      provider.destroy();
    }
    const code = String(await jsonRpc(url, 'eth_getCode', [listener.address, 'latest']));
    expect(code.toLowerCase()).toBe(`0xef0100${oldDelegate.slice(2).toLowerCase()}`);
    return listener;
  }

  function service(listener: Wallet, grants: GrantStore) {
    const current = { id: chain.sc.chain.chainId, name: 'Local development', currency: CURRENCY };
    const node = createNodeClient({
      currentChain: async () => ({ ...current, rpcUrl: chain.sc.chain.url }),
    });
    const records: SpendingRecord[] = [];
    const transactions = createTransactionService({
      node,
      currentChain: async () => ({ ...current, limit: { kind: 'unlimited' } }),
      ledger: {
        read: async () => [...records],
        add: async (_account, _chainId, record) => void records.push(record),
      },
      nonces: createNonceReservations(),
    });
    return createGrantService({
      table: chain.sc.table,
      node,
      currentChain: async () => current,
      transactions,
      wallet: async () => listener,
      store: grants,
      receiptPollMs: 50,
    });
  }

  it('shows the move from the earlier delegate, sends it before signing, and the grant redeems within the cap only', async () => {
    const listener = await existingListener();
    const site = await chain.session();
    const grants = memoryGrants();
    const grantService = service(listener, grants);
    const now = await chain.now();
    const request = {
      chainId: `0x${chain.sc.chain.chainId.toString(16)}`,
      to: site.address,
      permission: {
        type: 'erc20-token-periodic',
        isAdjustmentAllowed: false,
        data: {
          tokenAddress: chain.token,
          periodAmount: `0x${(5n * ETH).toString(16)}`,
          periodDuration: DAY,
        },
      },
      rules: [{ type: 'expiry', data: { timestamp: now + 7 * DAY } }],
    };

    const approval = await grantService.prepare(SITE, request, listener.address);
    const symbol = await publicClient(chain.sc).readContract({
      address: chain.token,
      abi: erc20,
      functionName: 'symbol',
    });
    expect(approval.grant.token).toEqual({
      kind: 'erc20',
      address: chain.token,
      symbol,
      decimals: 18,
    });
    expect(approval.upgrade).toMatchObject({
      delegate: chain.sc.contracts.delegate,
      replaces: oldDelegate,
    });
    expect(BigInt(approval.upgrade?.review.maxFeeWei ?? '0')).toBeGreaterThan(0n);

    const answer = await grantService.grant(SITE, approval, listener.address, false);
    // The upgrade landed before the answer: the address runs the pinned delegate.
    const code = String(
      await jsonRpc(chain.sc.chain.url, 'eth_getCode', [listener.address, 'latest']),
    );
    expect(code.toLowerCase()).toBe(
      `0xef0100${chain.sc.contracts.delegate.slice(2).toLowerCase()}`,
    );
    expect(answer.delegationManager).toBe(chain.sc.contracts.delegationFramework.delegationManager);
    expect(grants.kept).toHaveLength(1);

    const redeemed = await redeemTokensThenOneMore(
      chain,
      site,
      { context: answer.context as Hex, delegationManager: answer.delegationManager as Hex },
      5n * ETH,
    );
    expect(redeemed.payeeBalance).toBe(5n * ETH);
    expect(redeemed.oneMore).toBe('ERC20PeriodTransferEnforcer:transfer-amount-exceeded');
  });
});
