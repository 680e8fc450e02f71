// The ERC-7715 provider methods through the RPC pipeline, with the worker's real grant service
// (the request parsed, the delegation built and signed by the listener's key, the grant kept) over
// a scripted chain. The site's side is MetaMask's Smart Accounts Kit itself where it can be: its
// `requestExecutionPermissions`, `getSupportedExecutionPermissions` and
// `getGrantedExecutionPermissions` read the answers as a site's code would.

import type { DelegateTable } from '@encore-wallet/calls';
import {
  decodeDelegations,
  decodeERC20TokenPeriodTransferTerms,
  decodeNativeTokenPeriodTransferTerms,
  decodeTimestampTerms,
  hashDelegation,
} from '@metamask/delegation-core';
import { erc7715ProviderActions } from '@metamask/smart-accounts-kit/actions';
import { getAddress, verifyTypedData } from 'ethers';
import { createWalletClient, custom } from 'viem';
import { hardhat } from 'viem/chains';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SpendPermissionApproval } from '../../../lib/extension/approvals/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import {
  createGrantService,
  createGrantStore,
} from '../../../lib/extension/spend-permissions/index.ts';
import { delegationTypedData } from '../../../lib/permissions/index.ts';
import { checkSpending, type SpendingLimit } from '../../../lib/transactions/index.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import {
  DAY,
  erc20Request,
  FRAMEWORK,
  NOW,
  nativeRequest,
  SESSION,
  TOKEN,
} from '../permissions/support.ts';
import { type FakeWorld, fakeWorld, WALLET } from '../provider/support/fake-deps.ts';
import { scriptedChain, tokenCalls } from '../transactions/support.ts';

const SITE = 'https://music.example';
const OTHER_SITE = 'https://other.example';
const CHAIN_ID = 31337;
const DELEGATE = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const checksummed = (address: string) => getAddress(address.toLowerCase()) as `0x${string}`;
/** The pinned manager, checksummed as the build's table holds it. */
const MANAGER = checksummed(FRAMEWORK.delegationManager);
const TABLE: DelegateTable = new Map([
  [
    CHAIN_ID,
    {
      chainId: CHAIN_ID,
      address: DELEGATE,
      codeHash: `0x${'ab'.repeat(32)}`,
      entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      delegationManager: MANAGER,
      caveatEnforcers: Object.fromEntries(
        Object.entries(FRAMEWORK.caveatEnforcers).map(([name, a]) => [name, checksummed(a)]),
      ) as unknown as typeof FRAMEWORK.caveatEnforcers,
    },
  ],
]);
const ENFORCERS = new Set(Object.values(FRAMEWORK.caveatEnforcers).map((a) => a.toLowerCase()));

/** The kit's request, from the connected listener (`from` as the kit sends it when named). */
const asked = (request: Record<string, unknown>) => ({ ...request, from: WALLET.address });

interface Setup {
  world: FakeWorld;
  /** The approvals shown, in order. */
  shown: SpendPermissionApproval[];
  limit: SpendingLimit;
}

function setup(): Setup {
  const world = fakeWorld();
  world.chainId = CHAIN_ID;
  world.connected.set(SITE, 1000);
  const state: Setup = { world, shown: [], limit: { kind: 'unlimited' } };
  const chain = scriptedChain({
    eth_getBlockByNumber: () => ({ number: '0x10', timestamp: `0x${NOW.toString(16)}` }),
    // The listener's address already runs Encore's delegate: no upgrade.
    eth_getCode: () => `0xef0100${DELEGATE.slice(2).toLowerCase()}`,
    eth_call: tokenCalls({ [TOKEN.toLowerCase()]: { decimals: 6, symbol: 'USDC' } }),
  });
  const service = createGrantService({
    table: TABLE,
    node: { request: (_origin, method, params) => chain.request(method, params) },
    currentChain: async () => ({
      id: CHAIN_ID,
      name: 'Local',
      currency: { symbol: 'ETH', decimals: 18 },
    }),
    transactions: {
      spending: async (_account, cost) => {
        const check = checkSpending(state.limit, [], cost, Date.now());
        return {
          limitWei: state.limit.kind === 'daily' ? state.limit.wei : null,
          spentWei: '0',
          costWei: cost.wei.toString(),
          passwordRequired: check.allowed ? null : check.reason,
        };
      },
      sendReviewed: async () => {
        throw new Error('no upgrade in these tests');
      },
    },
    wallet: async () => world.wallet,
    store: createGrantStore(),
  });
  world.deps.spendPermissions = {
    ...service,
    prepare: async (...args) => {
      const approval = await service.prepare(...args);
      state.shown.push(approval);
      return approval;
    },
  };
  return state;
}

const call = (world: FakeWorld, method: string, params?: unknown, origin = SITE) =>
  runRpcRequest(world.ctx(origin), { method, params });

/** The site's kit client, talking to Encore's pipeline as `origin`. */
function kit(world: FakeWorld, origin = SITE) {
  return createWalletClient({
    chain: { ...hardhat, id: CHAIN_ID },
    transport: custom({ request: ({ method, params }) => call(world, method, params, origin) }),
  }).extend(erc7715ProviderActions());
}

describe('wallet_requestExecutionPermissions', () => {
  let s: Setup;
  beforeEach(() => {
    fakeBrowser.reset();
    s = setup();
  });

  it('answers what the kit reads: the context signed by the listener, the pinned manager, no dependencies', async () => {
    const [granted] = await kit(s.world).requestExecutionPermissions([
      {
        chainId: CHAIN_ID,
        to: SESSION,
        expiry: NOW + 30 * DAY,
        permission: {
          type: 'native-token-periodic',
          isAdjustmentAllowed: false,
          data: {
            periodAmount: 10n ** 15n,
            periodDuration: DAY,
            startTime: NOW,
            justification: 'Support the artist',
          },
        },
      },
    ]);
    expect(granted?.delegationManager).toBe(MANAGER);
    expect(granted?.dependencies).toEqual([]);
    expect(granted?.chainId).toBe(CHAIN_ID);
    const [delegation] = decodeDelegations(granted?.context as `0x${string}`);
    if (!delegation) throw new Error('no delegation');
    expect(delegation.delegator.toLowerCase()).toBe(WALLET.address.toLowerCase());
    expect(delegation.delegate.toLowerCase()).toBe(SESSION.toLowerCase());
    // Signed by the listener's key, for the pinned manager on this chain.
    const typed = delegationTypedData(delegation, CHAIN_ID, MANAGER);
    expect(verifyTypedData(typed.domain, typed.types, typed.message, delegation.signature)).toBe(
      WALLET.address,
    );
    // Kept, under the delegation's hash, for the popup and wallet_getGrantedExecutionPermissions.
    const [kept] = await createGrantStore().list(WALLET.address, CHAIN_ID);
    expect(kept).toMatchObject({
      id: hashDelegation(delegation),
      origin: SITE,
      redeemer: SESSION,
      token: { kind: 'native' },
      periodAmount: (10n ** 15n).toString(),
      maxTotal: (30n * 10n ** 15n).toString(),
      delegationManager: MANAGER,
      context: granted?.context,
    });
    expect(s.shown[0]?.upgrade).toBeNull();
  });

  it.each([
    ['native', nativeRequest()],
    ['erc20', erc20Request()],
  ])(
    'attack: the signed caveats are exactly the terms the window showed (%s), and nothing a site names',
    async (_, request) => {
      const answer = (await call(s.world, 'wallet_requestExecutionPermissions', [
        asked(request),
      ])) as { context: `0x${string}` }[];
      const shown = s.shown[0];
      if (!shown) throw new Error('nothing shown');
      const [delegation] = decodeDelegations(answer[0]?.context as `0x${string}`);
      if (!delegation) throw new Error('no delegation');
      // Only the pinned enforcers, each once.
      const enforcers = delegation.caveats.map((c) => c.enforcer.toLowerCase());
      expect(enforcers.every((e) => ENFORCERS.has(e))).toBe(true);
      expect(new Set(enforcers).size).toBe(enforcers.length);
      const caveat = (name: keyof typeof FRAMEWORK.caveatEnforcers) =>
        delegation.caveats.find(
          (c) => c.enforcer.toLowerCase() === FRAMEWORK.caveatEnforcers[name].toLowerCase(),
        );
      const period =
        shown.grant.token.kind === 'native'
          ? decodeNativeTokenPeriodTransferTerms(
              caveat('NativeTokenPeriodTransferEnforcer')?.terms ?? '0x',
            )
          : decodeERC20TokenPeriodTransferTerms(
              caveat('ERC20PeriodTransferEnforcer')?.terms ?? '0x',
            );
      expect(period.periodAmount.toString()).toBe(shown.grant.periodAmount);
      expect(Number(period.periodDuration)).toBe(shown.grant.periodSeconds);
      expect(Number(period.startDate)).toBe(shown.grant.start);
      if ('tokenAddress' in period && shown.grant.token.kind === 'erc20') {
        expect(String(period.tokenAddress).toLowerCase()).toBe(
          shown.grant.token.address.toLowerCase(),
        );
      }
      const expiry = decodeTimestampTerms(caveat('TimestampEnforcer')?.terms ?? '0x');
      expect(expiry).toEqual({ afterThreshold: 0, beforeThreshold: shown.grant.expiry });
      expect(delegation.delegate.toLowerCase()).toBe(shown.grant.redeemer.toLowerCase());
    },
  );

  it('attack: a request naming its own manager, enforcers or token facts is refused before any window', async () => {
    for (const request of [
      { ...nativeRequest(), delegationManager: SESSION },
      nativeRequest({ data: { caveatEnforcers: [SESSION] } }),
      erc20Request(TOKEN, { symbol: 'USDC', decimals: 18 }),
    ]) {
      const error = await rpcFailure(
        call(s.world, 'wallet_requestExecutionPermissions', [asked(request)]),
      );
      expect(error.code).toBe(-32602);
    }
    expect(s.world.asked).toEqual([]);
    expect(await createGrantStore().list(WALLET.address, CHAIN_ID)).toEqual([]);
  });

  it('attack: under a daily limit, a grant approved without the password is not signed (4100)', async () => {
    s.limit = { kind: 'daily', wei: (10n ** 15n).toString() };
    const error = await rpcFailure(
      call(s.world, 'wallet_requestExecutionPermissions', [asked(nativeRequest())]),
    );
    expect(error.code).toBe(4100);
    expect(s.shown[0]?.spending.passwordRequired).toBe('over-limit');
    expect(await createGrantStore().list(WALLET.address, CHAIN_ID)).toEqual([]);
    // With the password it is granted.
    s.world.passwordConfirmed = true;
    await call(s.world, 'wallet_requestExecutionPermissions', [asked(nativeRequest())]);
    expect(await createGrantStore().list(WALLET.address, CHAIN_ID)).toHaveLength(1);
  });

  it('a token grant needs the password under any daily limit; its amount is in the units the chain says', async () => {
    s.limit = { kind: 'daily', wei: (10n ** 18n).toString() };
    s.world.passwordConfirmed = true;
    await call(s.world, 'wallet_requestExecutionPermissions', [asked(erc20Request())]);
    expect(s.shown[0]?.spending.passwordRequired).toBe('tokens');
    expect(s.shown[0]?.grant.token).toEqual({
      kind: 'erc20',
      address: TOKEN,
      symbol: 'USDC',
      decimals: 6,
    });
  });

  it('is 4100 for a site that is not connected, and 4001 when the listener says no', async () => {
    expect(
      (
        await rpcFailure(
          call(s.world, 'wallet_requestExecutionPermissions', [nativeRequest()], OTHER_SITE),
        )
      ).code,
    ).toBe(4100);
    s.world.answer = 'reject';
    expect(
      (await rpcFailure(call(s.world, 'wallet_requestExecutionPermissions', [nativeRequest()])))
        .code,
    ).toBe(4001);
    expect(await createGrantStore().list(WALLET.address, CHAIN_ID)).toEqual([]);
  });

  it('is -32602 for an unsupported type, another account, two requests, or none', async () => {
    const refused = async (params: unknown) =>
      rpcFailure(call(s.world, 'wallet_requestExecutionPermissions', params));
    const stream = await refused([
      nativeRequest({
        permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: {} },
      }),
    ]);
    expect(stream.code).toBe(-32602);
    expect(stream.message).toMatch(/permission\.type/);
    expect((await refused([{ ...nativeRequest(), from: SESSION }])).message).toMatch(/from/);
    expect((await refused([nativeRequest(), nativeRequest()])).code).toBe(-32602);
    expect((await refused([])).code).toBe(-32602);
    expect(s.world.asked).toEqual([]);
  });
});

describe('wallet_getSupportedExecutionPermissions and wallet_getGrantedExecutionPermissions', () => {
  let s: Setup;
  beforeEach(() => {
    fakeBrowser.reset();
    s = setup();
  });

  it('the kit reads which permissions Encore grants on the pinned chains, connected or not', async () => {
    const expected = {
      'native-token-periodic': { chainIds: [CHAIN_ID], ruleTypes: ['expiry'] },
      'erc20-token-periodic': { chainIds: [CHAIN_ID], ruleTypes: ['expiry'] },
    };
    expect(await kit(s.world).getSupportedExecutionPermissions()).toEqual(expected);
    expect(await kit(s.world, OTHER_SITE).getSupportedExecutionPermissions()).toEqual(expected);
  });

  it("answers this site's grants not revoked, never another site's; 4100 unconnected", async () => {
    await call(s.world, 'wallet_requestExecutionPermissions', [asked(nativeRequest())]);
    await call(s.world, 'wallet_requestExecutionPermissions', [asked(erc20Request())]);
    const [first] = await createGrantStore().list(WALLET.address, CHAIN_ID);
    await createGrantStore().markRevoked(first?.id ?? '', {
      at: 1,
      txHash: `0x${'ab'.repeat(32)}`,
    });

    const granted = await kit(s.world).getGrantedExecutionPermissions();
    expect(granted).toHaveLength(1);
    expect(granted[0]?.permission.type).toBe('erc20-token-periodic');
    expect(granted[0]?.delegationManager).toBe(MANAGER);

    s.world.connected.set(OTHER_SITE, 1000);
    expect(await call(s.world, 'wallet_getGrantedExecutionPermissions', [], OTHER_SITE)).toEqual(
      [],
    );
    s.world.connected.delete(OTHER_SITE);
    expect(
      (await rpcFailure(call(s.world, 'wallet_getGrantedExecutionPermissions', [], OTHER_SITE)))
        .code,
    ).toBe(4100);
  });
});
