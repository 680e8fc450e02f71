// The wallet's side of a spend permission, end to end on the local chain: a site's code written
// with MetaMask's Smart Accounts Kit asks (`erc7715ProviderActions().requestExecutionPermissions`)
// through a provider whose answers come from lib/permissions (the request parsed into the
// canonical grant, the delegation built from it, signed by the listener's key as EIP-712 typed
// data, returned as the ERC-7710 context); the site's session account then redeems it with the
// kit's `sendTransactionWithDelegation`: within the period's cap it is paid, over it the chain
// refuses. One chain for the file.

import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis';
import { erc7715ProviderActions } from '@metamask/smart-accounts-kit/actions';
import { decodeDelegations } from '@metamask/smart-accounts-kit/utils';
import { createWalletClient, custom, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalGrant } from '../../../lib/permissions/index.ts';
import {
  DAY,
  ETH,
  erc20,
  type PermissionsChain,
  publicClient,
  redeemCalldata,
  redeemTokensThenOneMore,
  revertReason,
  sessionClient,
  startPermissionsChain,
} from '../../support/permissions-chain.ts';
import { permissionsWallet } from '../../support/permissions-wallet.ts';

describe('a grant built by the wallet from the kit request, redeemed by the kit', () => {
  let chain: PermissionsChain;
  beforeAll(async () => {
    chain = await startPermissionsChain();
  }, 120_000);
  afterAll(() => chain?.stop());

  /**
   * The site's kit client, over a provider that answers as the wallet will: each request parsed,
   * its delegation built and signed by `fan`'s key. `grants` collects what the window would show.
   */
  function siteClient(fan: { key: Hex; address: Hex }, grants: CanonicalGrant[]) {
    const request = permissionsWallet(chain, fan, grants);
    return createWalletClient({
      chain: { ...hardhat, id: chain.sc.chain.chainId },
      transport: custom({ request }),
    }).extend(erc7715ProviderActions());
  }

  type AskedPermission = Parameters<
    ReturnType<typeof siteClient>['requestExecutionPermissions']
  >[0][number]['permission'];

  /**
   * A new listener asked by a new session account, through the kit, for the permission
   * `permission(start)` builds (`start`: the latest block's time), expiring `days` after it.
   */
  async function askGrant(days: number, permission: (start: number) => AskedPermission) {
    const fan = await chain.listener();
    const site = await chain.session();
    const grants: CanonicalGrant[] = [];
    const start = await chain.now();
    const [granted] = await siteClient(fan, grants).requestExecutionPermissions([
      {
        chainId: chain.sc.chain.chainId,
        to: site.address,
        expiry: start + days * DAY,
        permission: permission(start),
      },
    ]);
    if (!granted) throw new Error('no grant');
    return { fan, site, grants, granted };
  }

  it('the kit reads which permissions Encore grants, on which chain', async () => {
    const key = generatePrivateKey();
    const fan = { key, address: privateKeyToAccount(key).address };
    expect(await siteClient(fan, []).getSupportedExecutionPermissions()).toEqual({
      'native-token-periodic': { chainIds: [chain.sc.chain.chainId], ruleTypes: ['expiry'] },
      'erc20-token-periodic': { chainIds: [chain.sc.chain.chainId], ruleTypes: ['expiry'] },
    });
  });

  it('native-token-periodic: paid within the period, refused over it', async () => {
    const { fan, site, grants, granted } = await askGrant(30, (start) => ({
      type: 'native-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        periodAmount: ETH / 1000n,
        periodDuration: DAY,
        startTime: start,
        justification: 'Support the artist',
      },
    }));
    expect(grants[0]).toMatchObject({
      redeemer: site.address,
      from: fan.address,
      token: { kind: 'native', symbol: 'ETH', decimals: 18 },
      periodAmount: ETH / 1000n,
      periods: 30,
      maxTotal: (30n * ETH) / 1000n,
    });
    expect(granted.delegationManager).toBe(chain.environment.DelegationManager);

    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const client = sessionClient(chain.sc, site.key);
    const hash = await client.sendTransactionWithDelegation({
      to: payee,
      value: ETH / 2000n,
      permissionContext: granted.context,
      delegationManager: granted.delegationManager,
      chain: client.chain,
      account: client.account,
    });
    await publicClient(chain.sc).waitForTransactionReceipt({ hash });
    expect(await publicClient(chain.sc).getBalance({ address: payee })).toBe(ETH / 2000n);

    const delegations = decodeDelegations(granted.context);
    expect(
      await revertReason(
        chain.sc,
        site.address,
        granted.delegationManager,
        redeemCalldata(delegations, { to: payee, value: ETH / 2000n + 1n }),
      ),
    ).toBe('NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded');
    expect(
      await revertReason(
        chain.sc,
        site.address,
        granted.delegationManager,
        redeemCalldata(delegations, { to: payee, value: ETH / 2000n }),
      ),
    ).toBeNull();
  });

  it("erc20-token-periodic: the token's symbol and decimals from the chain; paid within the cap, refused over it", async () => {
    const { site, grants, granted } = await askGrant(7, (start) => ({
      type: 'erc20-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        tokenAddress: chain.token,
        periodAmount: 5n * ETH,
        periodDuration: DAY,
        startTime: start,
      },
    }));
    const symbol = await publicClient(chain.sc).readContract({
      address: chain.token,
      abi: erc20,
      functionName: 'symbol',
    });
    expect(grants[0]?.token).toEqual({ kind: 'erc20', address: chain.token, symbol, decimals: 18 });
    expect(grants[0]?.maxTotal).toBe(35n * ETH);

    const redeemed = await redeemTokensThenOneMore(
      chain,
      site,
      { context: granted.context as Hex, delegationManager: granted.delegationManager },
      5n * ETH,
    );
    expect(redeemed.payeeBalance).toBe(5n * ETH);
    expect(redeemed.oneMore).toBe('ERC20PeriodTransferEnforcer:transfer-amount-exceeded');
  });

  it('after the expiry the chain refuses the grant the wallet built', async () => {
    const { site, granted } = await askGrant(1, (start) => ({
      type: 'native-token-periodic',
      isAdjustmentAllowed: false,
      data: { periodAmount: ETH / 1000n, periodDuration: DAY, startTime: start },
    }));
    await chain.moveClock(DAY);
    expect(
      await revertReason(
        chain.sc,
        site.address,
        granted.delegationManager,
        redeemCalldata(decodeDelegations(granted.context), { to: site.address, value: 1n }),
      ),
    ).toBe('TimestampEnforcer:expired-delegation');
  });

  it('a month at a time: three periods redeemed, over the cap refused, revoked, a fourth refused', async () => {
    const MONTH = 30 * DAY;
    const { fan, site, granted } = await askGrant(365, (start) => ({
      type: 'native-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        periodAmount: ETH / 1000n,
        periodDuration: MONTH,
        startTime: start,
        justification: 'Support the artist: 0.001 ETH a month',
      },
    }));
    const artist = privateKeyToAccount(generatePrivateKey()).address;
    const client = sessionClient(chain.sc, site.key);
    const reads = publicClient(chain.sc);
    const charge = async () => {
      const hash = await client.sendTransactionWithDelegation({
        to: artist,
        value: ETH / 1000n,
        permissionContext: granted.context,
        delegationManager: granted.delegationManager,
        chain: client.chain,
        account: client.account,
      });
      return (await reads.waitForTransactionReceipt({ hash })).status;
    };
    const delegations = decodeDelegations(granted.context);
    const refusal = (value: bigint) =>
      revertReason(
        chain.sc,
        site.address,
        granted.delegationManager,
        redeemCalldata(delegations, { to: artist, value }),
      );

    for (let period = 1; period <= 3; period++) {
      if (period > 1) await chain.moveClock(MONTH);
      expect(await charge()).toBe('success');
      expect(await reads.getBalance({ address: artist })).toBe((BigInt(period) * ETH) / 1000n);
      // The period's cap is spent: one more wei this period is refused.
      expect(await refusal(1n)).toBe('NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded');
    }

    // The listener revokes from their own address; the site cannot take the fourth month.
    await chain.moveClock(MONTH);
    expect(await refusal(ETH / 1000n)).toBeNull();
    const fanClient = sessionClient(chain.sc, fan.key);
    const revoke = await fanClient.writeContract({
      address: granted.delegationManager,
      abi: delegationManagerAbi,
      functionName: 'disableDelegation',
      args: [{ ...delegations[0], salt: BigInt(delegations[0]?.salt ?? 0) } as never],
      chain: fanClient.chain,
      account: fanClient.account,
    });
    expect((await reads.waitForTransactionReceipt({ hash: revoke })).status).toBe('success');
    expect(await refusal(ETH / 1000n)).toBe('CannotUseADisabledDelegation');
    await expect(charge()).rejects.toThrow(/CannotUseADisabledDelegation|reverted/);
    expect(await reads.getBalance({ address: artist })).toBe((3n * ETH) / 1000n);
  });
});
