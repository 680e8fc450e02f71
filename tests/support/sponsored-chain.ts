// A local chain with sponsored calls' contracts for the integration suites: the EntryPoint,
// Encore's delegate and FanActions, the delegate table a build would get, and JSON-RPC helpers
// that keep a revert's data (the EntryPoint's FailedOp reasons, the contracts' custom errors).

import {
  type BatchGas,
  buildCallBatch,
  type CallBatch,
  type DelegateTable,
  parseCalls,
  prepareUpgrade,
  readBatchSequence,
  type SignedAuthorization,
  signUpgrade,
  toEthersAuthorization,
} from '@encore-wallet/calls';
import type { SponsorOptions } from '@encore-wallet/server';
import { parseAllowedCall } from '@encore-wallet/server';
import { type ChainRpc, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { type BaseWallet, Interface, JsonRpcProvider, Wallet } from 'ethers';
import {
  deploySponsoredCalls,
  LOCAL_FUNDED_KEY,
  LOCAL_SPONSOR_KEY,
  type LocalChain,
  type SponsoredCallContracts,
  startLocalChain,
} from '../../chain/index.ts';
import { freePort } from './free-port.ts';

export interface SponsoredChain {
  readonly chain: LocalChain;
  readonly contracts: SponsoredCallContracts;
  readonly table: DelegateTable;
  readonly rpc: ChainRpc;
}

export async function startSponsoredChain(): Promise<SponsoredChain> {
  const chain = await startLocalChain({ port: await freePort() });
  try {
    const contracts = await deploySponsoredCalls(chain.url, LOCAL_FUNDED_KEY);
    const table: DelegateTable = new Map([
      [
        chain.chainId,
        {
          chainId: chain.chainId,
          address: contracts.delegate,
          codeHash: contracts.delegateCodeHash,
          entryPoint: contracts.entryPoint,
          delegationManager: contracts.delegationFramework.delegationManager,
          caveatEnforcers: contracts.delegationFramework.caveatEnforcers,
        },
      ],
    ]);
    return { chain, contracts, table, rpc: chainRpc(chain.url) };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

type RpcAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** One JSON-RPC exchange, the error kept whole. */
export async function rawRpc(
  url: string,
  method: string,
  params: readonly unknown[],
): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as RpcAnswer;
}

/** @encore-wallet/utils/chain-rpc's ChainRpc over the node's URL. */
export function chainRpc(url: string): ChainRpc {
  return {
    async request(method, params) {
      const answer = await rawRpc(url, method, params);
      if ('error' in answer) throw new Error(`${method}: ${answer.error.message}`);
      return answer.result;
    },
  };
}

const knownErrors = new Interface([
  'error FailedOp(uint256 opIndex, string reason)',
  'error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)',
  'error AccountUnauthorized(address sender)',
  'error AlreadyFavorite(address listener, string trackId)',
  'error AlreadyFollowing(address listener, string artistId)',
  'error ExecuteError(uint256 index, bytes reason)',
]);

/** The revert's data: in `error.data` (as most nodes send it), or quoted in Hardhat's message. */
function revertData(error: { message: string; data?: unknown }): string | undefined {
  if (typeof error.data === 'string') return error.data;
  const nested = (error.data as { data?: unknown } | undefined)?.data;
  if (typeof nested === 'string') return nested;
  return /return data: (0x[0-9a-fA-F]+)/.exec(error.message)?.[1];
}

/** How a call would revert: `FailedOp: AA24 signature error`, `AccountUnauthorized`, …; null if it would not. */
export async function revertOf(url: string, call: Record<string, unknown>): Promise<string | null> {
  const answer = await rawRpc(url, 'eth_call', [call, 'latest']);
  if (!('error' in answer)) return null;
  const data = revertData(answer.error);
  const parsed = data && data.length >= 10 ? knownErrors.parseError(data) : null;
  if (!parsed) return answer.error.message;
  if (parsed.name === 'FailedOp' || parsed.name === 'FailedOpWithRevert') {
    return `${parsed.name}: ${String(parsed.args.reason)}`;
  }
  return parsed.name;
}

/** Hardhat's sixth default account (public, local only): upgrades accounts directly in tests. */
const UPGRADER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

/**
 * Makes `listener` run Encore's delegate without any sponsor: its authorization, carried by a
 * transaction a funded test account sends and pays for.
 */
export async function upgradeDirectly(sc: SponsoredChain, listener: BaseWallet): Promise<void> {
  const authorization = await upgradeOf(sc, listener);
  if (!authorization) return;
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const payer = new Wallet(UPGRADER_KEY, provider);
    const tx = await payer.sendTransaction({
      type: 4,
      to: payer.address,
      authorizationList: [toEthersAuthorization(authorization)],
      gasLimit: 100_000n,
    });
    await tx.wait();
  } finally {
    provider.destroy();
  }
}

/** FanActions' functions and events, as the tests call and read them. */
export const fanActionsAbi = new Interface([
  'function favorite(string trackId)',
  'function follow(string artistId)',
  'function isFavorite(address listener, string trackId) view returns (bool)',
  'function isFollowing(address listener, string artistId) view returns (bool)',
  'event Favorited(address indexed listener, bytes32 indexed trackKey, string trackId)',
  'event Followed(address indexed listener, bytes32 indexed artistKey, string artistId)',
]);

/** A call to FanActions' favorite or follow, as a site sends it. */
export function fanCall(sc: SponsoredChain, fn: 'favorite' | 'follow', id: string) {
  return { to: sc.contracts.fanActions, data: fanActionsAbi.encodeFunctionData(fn, [id]) };
}

/** Enough for a few FanActions calls, and within the test sponsor's 500,000 gas. */
const TEST_GAS: BatchGas = {
  callGasLimit: 200_000n,
  verificationGasLimit: 200_000n,
  preVerificationGas: 60_000n,
};

/** A batch of `calls` for `listener`, its deadline `deadlineIn` seconds after the latest block. */
export async function batchFor(
  sc: SponsoredChain,
  listener: BaseWallet,
  calls: readonly unknown[],
  deadlineIn = 600,
  gas: BatchGas = TEST_GAS,
): Promise<CallBatch> {
  const account = listener.address as `0x${string}`;
  const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + deadlineIn;
  return buildCallBatch({
    table: sc.table,
    chainId: sc.chain.chainId,
    account,
    calls: parseCalls(calls),
    deadline,
    sequence: await readBatchSequence(sc.rpc, sc.contracts.entryPoint, account, deadline),
    gas,
  });
}

/** The listener's signed upgrade for a sponsor to carry, or null when it runs the delegate. */
export async function upgradeOf(
  sc: SponsoredChain,
  listener: BaseWallet,
): Promise<SignedAuthorization | null> {
  const upgrade = await prepareUpgrade({
    rpc: sc.rpc,
    table: sc.table,
    chainId: sc.chain.chainId,
    account: listener.address as `0x${string}`,
    sentBy: 'sponsor',
  });
  return upgrade && signUpgrade(listener, sc.table, upgrade);
}

/** The backend's sponsor service on this chain, paying for favorite and follow on FanActions. */
export function sponsorOptions(
  sc: SponsoredChain,
  overrides: Partial<SponsorOptions> = {},
): SponsorOptions {
  return {
    rpcUrl: sc.chain.url,
    privateKey: LOCAL_SPONSOR_KEY,
    entryPoint: sc.contracts.entryPoint,
    delegate: sc.contracts.delegate,
    allowedCalls: [
      parseAllowedCall(`${sc.contracts.fanActions}:favorite(string)`),
      parseAllowedCall(`${sc.contracts.fanActions}:follow(string)`),
    ],
    perListenerPerDay: 100,
    perClientPerDay: 100,
    perDay: 1000,
    maxGas: 500_000n,
    maxFeePerGas: 100_000_000_000n,
    maxCalls: 4,
    maxDeadlineSeconds: 3600,
    ...overrides,
  };
}
