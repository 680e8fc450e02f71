// Spend permissions on the local chain (Prague rules): a listener whose address runs Encore's
// delegate grants a site's session account a native-token-periodic and an erc20-token-periodic
// delegation, built and signed with MetaMask's Smart Accounts Kit as a site's code would, and the
// session account redeems them through the Delegation Framework's DelegationManager. Within the
// period's cap it is paid; everything else the chain refuses, named by the contract that refuses.

import {
  createDelegation,
  type Delegation,
  ROOT_AUTHORITY,
  ScopeType,
  signDelegation,
} from '@metamask/smart-accounts-kit';
import { SIGNABLE_DELEGATION_TYPED_DATA } from '@metamask/smart-accounts-kit/utils';
import { Wallet } from 'ethers';
import { encodeAbiParameters, encodeFunctionData, type Hex, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileContract,
  DEMO_TOKEN_SUPPLY,
  deployContract,
  LOCAL_FUNDED_KEY,
} from '../../../chain/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import {
  DAY,
  ETH,
  erc20,
  type PermissionsChain,
  publicClient,
  redeemCalldata,
  revertReason,
  sessionClient,
  startPermissionsChain,
} from '../../support/permissions-chain.ts';
import { fakeWorld } from '../../unit/provider/support/fake-deps.ts';

describe('spend permissions redeemed through the DelegationManager', () => {
  let chain: PermissionsChain;
  beforeAll(async () => {
    chain = await startPermissionsChain();
  }, 120_000);
  afterAll(() => chain?.stop());

  async function sign(
    from: { key: Hex },
    delegation: Omit<Delegation, 'signature'>,
    chainId = chain.sc.chain.chainId,
    delegationManager: Hex = chain.environment.DelegationManager,
  ): Promise<Delegation> {
    const signature = await signDelegation({
      privateKey: from.key,
      delegation,
      delegationManager,
      chainId,
    });
    return { ...delegation, signature };
  }

  function nativeGrant(
    from: { address: Hex },
    to: { address: Hex },
    terms: { periodAmount: bigint; startDate: number; periodDuration?: number; expiry?: number },
  ): Omit<Delegation, 'signature'> {
    return createDelegation({
      environment: chain.environment,
      scope: {
        type: ScopeType.NativeTokenPeriodTransfer,
        periodAmount: terms.periodAmount,
        periodDuration: terms.periodDuration ?? DAY,
        startDate: terms.startDate,
      },
      from: from.address,
      to: to.address,
      caveats: terms.expiry
        ? [{ type: 'timestamp', afterThreshold: 0, beforeThreshold: terms.expiry }]
        : [],
    });
  }

  function erc20Grant(
    from: { address: Hex },
    to: { address: Hex },
    terms: { periodAmount: bigint; startDate: number },
  ): Omit<Delegation, 'signature'> {
    return createDelegation({
      environment: chain.environment,
      scope: {
        type: ScopeType.Erc20PeriodTransfer,
        tokenAddress: chain.token,
        periodAmount: terms.periodAmount,
        periodDuration: DAY,
        startDate: terms.startDate,
      },
      from: from.address,
      to: to.address,
    });
  }

  /** How the session's redemption of `delegation` for `execution` would revert (null: it would not). */
  function refusal(
    redeemer: { address: Hex },
    delegation: Delegation,
    execution: { to: Hex; value?: bigint; data?: Hex },
    manager: Hex = chain.environment.DelegationManager,
  ): Promise<string | null> {
    return revertReason(
      chain.sc,
      redeemer.address,
      manager,
      redeemCalldata([delegation], execution),
    );
  }

  function tokenTransfer(to: Hex, value: bigint): Hex {
    return encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, value] });
  }

  async function tokenBalance(owner: Hex): Promise<bigint> {
    return publicClient(chain.sc).readContract({
      address: chain.token,
      abi: erc20,
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  it('native token: the kit redeems within the cap, once per period, and the chain refuses more', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH / 1000n, startDate: await chain.now() }),
    );
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const client = sessionClient(chain.sc, site.key);
    const redeem = async (value: bigint) => {
      const hash = await client.sendTransactionWithDelegation({
        to: payee,
        value,
        permissionContext: [grant],
        delegationManager: chain.environment.DelegationManager,
        chain: client.chain,
        account: client.account,
      });
      return publicClient(chain.sc).waitForTransactionReceipt({ hash });
    };
    const before = await publicClient(chain.sc).getBalance({ address: fan.address });

    expect((await redeem(ETH / 2000n)).status).toBe('success');
    expect((await redeem(ETH / 2000n)).status).toBe('success');
    expect(await publicClient(chain.sc).getBalance({ address: payee })).toBe(ETH / 1000n);
    // The listener paid exactly what was taken, and no gas: the session account paid that.
    expect(await publicClient(chain.sc).getBalance({ address: fan.address })).toBe(
      before - ETH / 1000n,
    );
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBe(
      'NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded',
    );

    await chain.moveClock(DAY);
    expect(await refusal(site, grant, { to: payee, value: ETH / 1000n + 1n })).toBe(
      'NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded',
    );
    expect((await redeem(ETH / 1000n)).status).toBe('success');
    expect(await publicClient(chain.sc).getBalance({ address: payee })).toBe(2n * (ETH / 1000n));
  });

  it('native token: only a plain transfer, no call data, is redeemable', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
    );
    // The cap would allow the value; the call (a token transfer from the listener) is not a payment.
    expect(
      await refusal(site, grant, {
        to: chain.token,
        value: 0n,
        data: tokenTransfer(site.address, ETH),
      }),
    ).toBe('ExactCalldataEnforcer:invalid-calldata');
  });

  it('ERC-20 token: within the cap a transfer of that token is paid, over it refused', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const grant = await sign(
      fan,
      erc20Grant(fan, site, { periodAmount: 5n * ETH, startDate: await chain.now() }),
    );
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const client = sessionClient(chain.sc, site.key);
    const hash = await client.sendTransactionWithDelegation({
      to: chain.token,
      data: tokenTransfer(payee, 3n * ETH),
      permissionContext: [grant],
      delegationManager: chain.environment.DelegationManager,
      chain: client.chain,
      account: client.account,
    });
    expect((await publicClient(chain.sc).waitForTransactionReceipt({ hash })).status).toBe(
      'success',
    );
    expect(await tokenBalance(payee)).toBe(3n * ETH);
    expect(await tokenBalance(fan.address)).toBe(997n * ETH);

    expect(
      await refusal(site, grant, { to: chain.token, data: tokenTransfer(payee, 2n * ETH + 1n) }),
    ).toBe('ERC20PeriodTransferEnforcer:transfer-amount-exceeded');
    // Native value alongside, or another contract than the token: refused whatever the amount.
    expect(
      await refusal(site, grant, { to: chain.token, value: 1n, data: tokenTransfer(payee, 1n) }),
    ).toBe('ValueLteEnforcer:value-too-high');
    const otherToken = await deployContract(
      chain.sc.chain.url,
      LOCAL_FUNDED_KEY,
      await compileContract('DemoToken'),
      [DEMO_TOKEN_SUPPLY],
    );
    expect(await refusal(site, grant, { to: otherToken, data: tokenTransfer(payee, 1n) })).toBe(
      'ERC20PeriodTransferEnforcer:invalid-contract',
    );
  });

  it('before the start date, nothing is redeemable', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: (await chain.now()) + DAY }),
    );
    const erc20Later = await sign(
      fan,
      erc20Grant(fan, site, { periodAmount: ETH, startDate: (await chain.now()) + DAY }),
    );
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBe(
      'NativeTokenPeriodTransferEnforcer:transfer-not-started',
    );
    expect(
      await refusal(site, erc20Later, { to: chain.token, data: tokenTransfer(payee, 1n) }),
    ).toBe('ERC20PeriodTransferEnforcer:transfer-not-started');
  });

  it('after the expiry, nothing is redeemable', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const start = await chain.now();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: start, expiry: start + 3 * DAY }),
    );
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBeNull();
    await chain.moveClock(3 * DAY + 60);
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBe(
      'TimestampEnforcer:expired-delegation',
    );
  });

  it('attack: another account than the session account cannot redeem', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const stranger = await chain.session();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
    );
    expect(await refusal(stranger, grant, { to: stranger.address, value: 1n })).toBe(
      'InvalidDelegate',
    );
    // Nor the listener's own address, which did not receive it either.
    expect(await refusal(fan, grant, { to: fan.address, value: 1n })).toBe('InvalidDelegate');
  });

  it('attack: after the listener revokes (disableDelegation), the grant is dead', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
    );
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBeNull();

    // Only the delegator may revoke: the site cannot undo the listener's grant, nor revoke it for them.
    const disable = (delegation: Delegation) =>
      encodeFunctionData({
        abi: parseAbi([
          'struct Caveat { address enforcer; bytes terms; bytes args; }',
          'struct Delegation { address delegate; address delegator; bytes32 authority; Caveat[] caveats; uint256 salt; bytes signature; }',
          'function disableDelegation(Delegation delegation)',
        ]),
        functionName: 'disableDelegation',
        args: [{ ...delegation, salt: BigInt(delegation.salt) }],
      });
    expect(
      await revertReason(
        chain.sc,
        site.address,
        chain.environment.DelegationManager,
        disable(grant),
      ),
    ).toBe('InvalidDelegator');
    const fanClient = sessionClient(chain.sc, fan.key);
    const hash = await fanClient.sendTransaction({
      to: chain.environment.DelegationManager,
      data: disable(grant),
      chain: fanClient.chain,
      account: fanClient.account,
    });
    expect((await publicClient(chain.sc).waitForTransactionReceipt({ hash })).status).toBe(
      'success',
    );
    expect(await refusal(site, grant, { to: payee, value: 1n })).toBe(
      'CannotUseADisabledDelegation',
    );
  });

  it('attack: a grant signed for another chain is refused here', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const elsewhere = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
      1,
    );
    expect(await refusal(site, elsewhere, { to: site.address, value: 1n })).toBe(
      'InvalidERC1271Signature',
    );
  });

  it('attack: a grant "from" the listener signed by any other key is refused (ERC-1271)', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    const forged = await sign(
      site,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
    );
    expect(await refusal(site, forged, { to: site.address, value: ETH })).toBe(
      'InvalidERC1271Signature',
    );
  });

  it('attack: only the pinned DelegationManager may run executions on the listener’s address', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    // A second DelegationManager, the framework's own code, deployed by the attacker: the listener
    // is tricked into signing a grant for it. Its checks pass; Encore's delegate refuses the caller.
    const { DelegationManager: managerCode } = await import('@metamask/delegation-abis/bytecode');
    const { DelegationManager: managerAbi } = await import('@metamask/delegation-abis');
    const rogue = await deployContract(
      chain.sc.chain.url,
      LOCAL_FUNDED_KEY,
      { abi: managerAbi, bytecode: managerCode },
      [site.address],
    );
    const grant = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
      chain.sc.chain.chainId,
      rogue,
    );
    expect(await refusal(site, grant, { to: site.address, value: ETH }, rogue)).toBe(
      'AccountUnauthorized',
    );
    // Nor may anyone call the executor entry point directly.
    const direct = encodeFunctionData({
      abi: parseAbi([
        'function executeFromExecutor(bytes32 mode, bytes executionCalldata) returns (bytes[])',
      ]),
      functionName: 'executeFromExecutor',
      args: [
        '0x0000000000000000000000000000000000000000000000000000000000000000',
        `${site.address}${ETH.toString(16).padStart(64, '0')}` as Hex,
      ],
    });
    expect(await revertReason(chain.sc, site.address, fan.address, direct)).toBe(
      'AccountUnauthorized',
    );
  });

  it('attack: a redeemed call to the account itself (or to address 0) is refused, whatever the enforcers let through', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    // A grant whose only caveat is the period's cap of 1 wei (no pinned call data): the enforcer
    // checks the outer call's value, 0 here, while the call runs the account's own `execute`.
    const full = nativeGrant(fan, site, { periodAmount: 1n, startDate: await chain.now() });
    const capOnly = full.caveats.filter(
      (c) =>
        c.enforcer.toLowerCase() ===
        chain.environment.caveatEnforcers.NativeTokenPeriodTransferEnforcer?.toLowerCase(),
    );
    const grant = await sign(fan, { ...full, caveats: capOnly });
    const everything = encodeFunctionData({
      abi: parseAbi(['function execute(bytes32 mode, bytes executionData)']),
      functionName: 'execute',
      args: [
        '0x0100000000000000000000000000000000000000000000000000000000000000',
        encodeAbiParameters(
          [
            {
              type: 'tuple[]',
              components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
            },
          ],
          [[[site.address, 5n * ETH, '0x']]],
        ),
      ],
    });
    for (const target of [fan.address, '0x0000000000000000000000000000000000000000'] as const) {
      expect(await refusal(site, grant, { to: target, data: everything })).toBe(
        'RedeemedCallToSelf',
      );
    }
    // The same grant still pays its 1 wei to someone else.
    expect(await refusal(site, grant, { to: site.address, value: 1n })).toBeNull();
  });

  it('attack: a period of 0 is refused by the kit, and by the chain when built by hand', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    expect(() =>
      nativeGrant(fan, site, { periodAmount: ETH, startDate: 1, periodDuration: 0 }),
    ).toThrow(/periodDuration/);
    const valid = nativeGrant(fan, site, { periodAmount: ETH, startDate: await chain.now() });
    const period = valid.caveats.findIndex(
      (c) =>
        c.enforcer.toLowerCase() ===
        chain.environment.caveatEnforcers.NativeTokenPeriodTransferEnforcer?.toLowerCase(),
    );
    const terms = valid.caveats[period]?.terms ?? '0x';
    // periodAmount (32 bytes) | periodDuration (32 bytes) = 0 | startDate (32 bytes)
    const zeroPeriod = `${terms.slice(0, 66)}${'0'.repeat(64)}${terms.slice(130)}` as Hex;
    const caveats = valid.caveats.map((c, i) => (i === period ? { ...c, terms: zeroPeriod } : c));
    const grant = await sign(fan, { ...valid, caveats });
    expect(await refusal(site, grant, { to: site.address, value: 1n })).toBe(
      'NativeTokenPeriodTransferEnforcer:invalid-zero-period-duration',
    );
  });

  it('attack: an amount that overflows 256 bits never becomes a small or a huge cap', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    // The kit encodes 2^256 into 33 bytes; the enforcer refuses terms of the wrong length.
    const tooBig = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: 2n ** 256n, startDate: await chain.now() }),
    );
    expect(await refusal(site, tooBig, { to: site.address, value: 1n })).toBe(
      'NativeTokenPeriodTransferEnforcer:invalid-terms-length',
    );
    // At the largest cap, what was taken is subtracted without wrapping: one wei taken leaves
    // 2^256 - 2, and a redemption of 2^256 - 1 is refused by the cap, not by the balance.
    const max = 2n ** 256n - 1n;
    const huge = await sign(
      fan,
      nativeGrant(fan, site, { periodAmount: max, startDate: await chain.now() }),
    );
    const client = sessionClient(chain.sc, site.key);
    const hash = await client.sendTransactionWithDelegation({
      to: site.address,
      value: 1n,
      permissionContext: [huge],
      delegationManager: chain.environment.DelegationManager,
      chain: client.chain,
      account: client.account,
    });
    expect((await publicClient(chain.sc).waitForTransactionReceipt({ hash })).status).toBe(
      'success',
    );
    expect(await refusal(site, huge, { to: site.address, value: max })).toBe(
      'NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded',
    );
    const erc20Max = await sign(
      fan,
      erc20Grant(fan, site, { periodAmount: ETH, startDate: await chain.now() }),
    );
    expect(
      await refusal(site, erc20Max, { to: chain.token, data: tokenTransfer(site.address, max) }),
    ).toBe('ERC20PeriodTransferEnforcer:transfer-amount-exceeded');
  });

  it('attack: a site asking eth_signTypedData_v4 for a delegation of the account is refused before any window', async () => {
    const fan = await chain.listener();
    const site = await chain.session();
    // What a hostile site composes: the DelegationManager's domain, a delegation of the listener's
    // account to the site with no caveats at all (everything the account holds).
    const message = {
      delegate: site.address,
      delegator: fan.address,
      authority: ROOT_AUTHORITY,
      caveats: [],
      salt: '1',
    };
    const domain = {
      name: 'DelegationManager',
      version: '1',
      chainId: chain.sc.chain.chainId,
      verifyingContract: chain.environment.DelegationManager,
    };
    // The stakes: had the account's key signed it, the site could take any amount.
    const signature = (await new Wallet(fan.key).signTypedData(
      domain,
      {
        Caveat: [...(SIGNABLE_DELEGATION_TYPED_DATA.Caveat ?? [])],
        Delegation: [...(SIGNABLE_DELEGATION_TYPED_DATA.Delegation ?? [])],
      },
      message,
    )) as Hex;
    const stolen = { ...message, salt: '0x01' as Hex, signature };
    expect(await refusal(site, stolen, { to: site.address, value: 9n * ETH })).toBeNull();

    const world = fakeWorld();
    world.wallet = new Wallet(fan.key);
    world.delegates = chain.sc.table;
    world.chainId = chain.sc.chain.chainId;
    world.connected.set('https://hostile.example', 1);
    const asked = runRpcRequest(world.ctx('https://hostile.example'), {
      method: 'eth_signTypedData_v4',
      params: [
        fan.address,
        {
          types: {
            EIP712Domain: [
              { name: 'name', type: 'string' },
              { name: 'version', type: 'string' },
              { name: 'chainId', type: 'uint256' },
              { name: 'verifyingContract', type: 'address' },
            ],
            ...SIGNABLE_DELEGATION_TYPED_DATA,
          },
          primaryType: 'Delegation',
          domain,
          message,
        },
      ],
    });
    const error = await asked.then(
      () => null,
      (e: ProviderRpcError) => e,
    );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain('is an ERC-7710 delegation');
    expect(world.asked).toEqual([]);
  });
});
