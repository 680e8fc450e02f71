// What the listener sees of a grant, read from the local chain: what it took this period and in
// total (the period enforcer's count and its events), what is left, each redemption; and the
// revoke from the listener's address (disableDelegation through the wallet's send path), after
// which the list says revoked, with its transaction, and the site's next redemption reverts.
// One chain for the file; grants signed by the listener's key through lib/permissions.

import { decodeDelegations } from '@metamask/smart-accounts-kit/utils';
import { Wallet } from 'ethers';
import { encodeFunctionData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import {
  createGrantOverview,
  GrantUnreadableError,
  readGrantUsage,
  type StoredGrant,
} from '../../../lib/extension/spend-permissions/index.ts';
import {
  type CurrentChain,
  createNonceReservations,
  createTransactionService,
} from '../../../lib/extension/transactions/index.ts';
import type { SpendingRecord } from '../../../lib/transactions/index.ts';
import {
  DAY,
  ETH,
  erc20,
  type KeyedAccount,
  type PermissionsChain,
  publicClient,
  redeemCalldata,
  revertReason,
  sessionClient,
  startPermissionsChain,
} from '../../support/permissions-chain.ts';
import { memoryGrantStore, seedGrant } from '../../support/seed-grant.ts';

const SITE = 'https://music.example';

describe('a grant as the listener sees it, read from the chain', () => {
  let chain: PermissionsChain;
  beforeAll(async () => {
    chain = await startPermissionsChain();
  }, 120_000);
  afterAll(() => chain?.stop());

  async function grant(
    fan: KeyedAccount,
    site: KeyedAccount,
    options: { token?: boolean; days?: number } = {},
  ) {
    const start = await chain.now();
    return seedGrant({
      listenerKey: fan.key,
      chainId: chain.sc.chain.chainId,
      framework: chain.sc.contracts.delegationFramework,
      origin: SITE,
      redeemer: site.address,
      token: options.token ? { address: chain.token, symbol: 'DEMO', decimals: 18 } : undefined,
      periodAmount: options.token ? 5n * ETH : ETH / 1000n,
      periodSeconds: DAY,
      start,
      expiry: start + (options.days ?? 30) * DAY,
    });
  }

  async function redeem(
    site: KeyedAccount,
    context: Hex,
    execution: { to: Hex; value?: bigint; data?: Hex },
  ) {
    const client = sessionClient(chain.sc, site.key);
    const hash = await client.sendTransactionWithDelegation({
      ...execution,
      permissionContext: context,
      delegationManager: chain.environment.DelegationManager,
      chain: client.chain,
      account: client.account,
    });
    const receipt = await publicClient(chain.sc).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return hash;
  }

  it('native: nothing taken, then two redemptions in a period, then one in the next', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const { record, context } = await grant(fan, site);

    const fresh = await readGrantUsage(chain.sc.rpc, record);
    expect(fresh).toMatchObject({
      disabled: false,
      started: true,
      expired: false,
      takenThisPeriod: '0',
      availableThisPeriod: String(ETH / 1000n),
      takenTotal: '0',
      redemptions: [],
    });
    expect(fresh.periodEndsAt).toBe(record.startTime + DAY);

    const first = await redeem(site, context, { to: payee, value: (4n * ETH) / 10_000n });
    const second = await redeem(site, context, { to: payee, value: (3n * ETH) / 10_000n });
    const once = await readGrantUsage(chain.sc.rpc, record);
    expect(once).toMatchObject({
      takenThisPeriod: String((7n * ETH) / 10_000n),
      availableThisPeriod: String((3n * ETH) / 10_000n),
      takenTotal: String((7n * ETH) / 10_000n),
    });
    expect(once.redemptions.map((r) => [r.txHash, r.amount])).toEqual([
      [first, String((4n * ETH) / 10_000n)],
      [second, String((3n * ETH) / 10_000n)],
    ]);

    await chain.moveClock(DAY);
    const third = await redeem(site, context, { to: payee, value: (2n * ETH) / 10_000n });
    const later = await readGrantUsage(chain.sc.rpc, record);
    expect(later).toMatchObject({
      takenThisPeriod: String((2n * ETH) / 10_000n),
      availableThisPeriod: String((8n * ETH) / 10_000n),
      takenTotal: String((9n * ETH) / 10_000n),
    });
    expect(later.redemptions.at(-1)).toMatchObject({
      txHash: third,
      amount: String((2n * ETH) / 10_000n),
    });
    expect(later.periodEndsAt).toBe(record.startTime + 2 * DAY);
  });

  it('erc20: a token transfer taken through the grant is counted in the token', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const { record, context } = await grant(fan, site, { token: true });
    const data = encodeFunctionData({
      abi: erc20,
      functionName: 'transfer',
      args: [payee, 2n * ETH],
    });
    await redeem(site, context, { to: chain.token, data });
    expect(await readGrantUsage(chain.sc.rpc, record)).toMatchObject({
      takenThisPeriod: String(2n * ETH),
      availableThisPeriod: String(3n * ETH),
      takenTotal: String(2n * ETH),
    });
  });

  it('a stored record whose id is another grant’s is refused, not read as that grant', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const taken = await grant(fan, site);
    await redeem(site, taken.context, { to: payee, value: ETH / 1000n });
    const other = await grant(fan, site);
    // The other grant's terms under the taken one's id: its figures would be the taken one's.
    const forged: StoredGrant = { ...other.record, id: taken.record.id };
    await expect(readGrantUsage(chain.sc.rpc, forged)).rejects.toBeInstanceOf(GrantUnreadableError);
  });

  describe('revoke from the listener’s address', () => {
    function grantList(records: StoredGrant[], fan: KeyedAccount, limit: CurrentChain['limit']) {
      const ledger: SpendingRecord[] = [];
      const currentChain = async (): Promise<CurrentChain> => ({
        id: chain.sc.chain.chainId,
        name: 'Local',
        currency: { symbol: 'ETH', decimals: 18 },
        limit,
      });
      const transactions = createTransactionService({
        node: createNodeClient({
          currentChain: async () => ({
            id: chain.sc.chain.chainId,
            name: 'Local',
            rpcUrl: chain.sc.chain.url,
          }),
        }),
        currentChain,
        ledger: {
          read: async () => ledger,
          add: async (_a, _c, record) => void ledger.push(record),
        },
        nonces: createNonceReservations(),
      });
      const store = memoryGrantStore(records);
      const list = createGrantOverview({
        grants: store,
        currentChain,
        rpc: chain.sc.rpc,
        transactions,
        signer: async () => new Wallet(fan.key),
      });
      return { list, store, ledger };
    }

    it('pending, then revoked with its transaction; the next redemption reverts', async () => {
      const fan = await chain.listener();
      const site = await chain.session();
      const { record, context } = await grant(fan, site);
      // A daily limit the fee alone is over: a revoke moves nothing and needs no password.
      const { list, store, ledger } = grantList([record], fan, { kind: 'daily', wei: '1' });
      expect((await list.list(fan.address))[0]).toMatchObject({ state: 'live', revokeTx: null });

      const { txHash } = await list.revoke(fan.address, record.id);
      expect(ledger).toHaveLength(1);
      const receipt = await publicClient(chain.sc).waitForTransactionReceipt({ hash: txHash });
      expect(receipt.from.toLowerCase()).toBe(fan.address.toLowerCase());
      expect(receipt.status).toBe('success');

      // A worker started after the revoke (no memory of it) reads its transaction from the chain.
      const restarted = grantList([record], fan, { kind: 'unlimited' });
      expect((await restarted.list.list(fan.address))[0]).toMatchObject({
        state: 'revoked',
        revokeTx: txHash,
      });
      expect(restarted.store.records[0]?.revoked?.txHash).toBe(txHash);

      const [after] = await list.list(fan.address);
      expect(after).toMatchObject({ state: 'revoked', revokeTx: txHash });
      expect(after?.usage?.disabled).toBe(true);
      expect(after?.usage?.availableThisPeriod).toBe('0');
      expect(store.records[0]?.revoked?.txHash).toBe(txHash);

      expect(
        await revertReason(
          chain.sc,
          site.address,
          chain.environment.DelegationManager as Hex,
          redeemCalldata(decodeDelegations(context), { to: site.address, value: 1n }),
        ),
      ).toBe('CannotUseADisabledDelegation');
      await expect(list.revoke(fan.address, record.id)).rejects.toThrow('already revoked');
    });

    it("refuses another account's grant and an unknown id, sending nothing", async () => {
      const fan = await chain.listener();
      const other = await chain.listener();
      const site = await chain.session();
      const { record } = await grant(other, site);
      // The other listener's grant filed under this one's account (a corrupt store).
      const { list, ledger } = grantList([{ ...record, account: fan.address }], fan, {
        kind: 'unlimited',
      });
      await expect(list.revoke(fan.address, record.id)).rejects.toThrow(
        'granted by another account',
      );
      await expect(list.revoke(fan.address, `0x${'0'.repeat(64)}`)).rejects.toThrow(
        'no such permission',
      );
      expect(ledger).toHaveLength(0);
    });
  });
});
