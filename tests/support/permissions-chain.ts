// Spend permissions on the local chain, from a site's side: MetaMask's Smart Accounts Kit (the
// code a site writes) pointed at the Delegation Framework that chain/ deploys, a session account
// that redeems, and how a redemption would revert, named by the contract that refused it.

import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis';
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit';
import { createExecution, type Delegation, ExecutionMode } from '@metamask/smart-accounts-kit';
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions';
import {
  encodeDelegations,
  encodeExecutionCalldatas,
  overrideDeployedEnvironment,
} from '@metamask/smart-accounts-kit/utils';
import {
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { rawRpc, type SponsoredChain } from './sponsored-chain.ts';

/** The kit's name for one deployment of the framework, as `getSmartAccountsEnvironment` answers it. */
export function kitEnvironment(sc: SponsoredChain): SmartAccountsEnvironment {
  const framework = sc.contracts.delegationFramework;
  return {
    DelegationManager: framework.delegationManager,
    EntryPoint: sc.contracts.entryPoint,
    // Encore deploys no DeleGator factory: listeners' addresses run Encore's delegate instead.
    SimpleFactory: '0x0000000000000000000000000000000000000000',
    implementations: {},
    caveatEnforcers: { ...framework.caveatEnforcers },
  };
}

/**
 * Tells the kit where the framework lives on the local chain (it knows public chains only), as a
 * site on a development chain does, and returns that environment.
 */
export function useLocalEnvironment(sc: SponsoredChain): SmartAccountsEnvironment {
  const environment = kitEnvironment(sc);
  overrideDeployedEnvironment(sc.chain.chainId, '1.3.0', environment);
  return environment;
}

/** A viem client for `privateKey` on the local chain, with the kit's ERC-7710 redemption. */
export function sessionClient(sc: SponsoredChain, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: { ...hardhat, id: sc.chain.chainId },
    transport: http(sc.chain.url),
  }).extend(erc7710WalletActions());
}

export function publicClient(sc: SponsoredChain) {
  return createPublicClient({
    chain: { ...hardhat, id: sc.chain.chainId },
    transport: http(sc.chain.url),
  });
}

/** The call `sendTransactionWithDelegation` makes: one single-default execution, redeemed. */
export function redeemCalldata(
  delegations: readonly Delegation[],
  execution: { readonly to: Hex; readonly value?: bigint; readonly data?: Hex },
): Hex {
  const single = createExecution({
    target: execution.to,
    value: execution.value ?? 0n,
    callData: execution.data ?? '0x',
  });
  return encodeFunctionData({
    abi: delegationManagerAbi,
    functionName: 'redeemDelegations',
    args: [
      [encodeDelegations([...delegations])],
      [ExecutionMode.SingleDefault],
      encodeExecutionCalldatas([[single]]),
    ],
  });
}

const accountErrors = parseAbi([
  'error Error(string reason)',
  'error AccountUnauthorized(address sender)',
  'error RedeemedCallToSelf()',
  'error ERC7579UnsupportedCallType(bytes1 callType)',
  'error ERC7579UnsupportedExecType(bytes1 execType)',
]);

/** The revert's data: in `error.data` (as most nodes send it), or in Hardhat's nested `data.data`. */
function revertData(error: { message: string; data?: unknown }): Hex | undefined {
  if (typeof error.data === 'string') return error.data as Hex;
  const nested = (error.data as { data?: unknown } | undefined)?.data;
  if (typeof nested === 'string') return nested as Hex;
  return /return data: (0x[0-9a-fA-F]+)/.exec(error.message)?.[1] as Hex | undefined;
}

/**
 * How `from` calling `to` with `data` would revert on the latest block: the error's name
 * (`InvalidDelegate`, `AccountUnauthorized`) or an `Error(string)`'s reason
 * (`NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded`); null when it would not.
 */
export async function revertReason(
  sc: SponsoredChain,
  from: Hex,
  to: Hex,
  data: Hex,
): Promise<string | null> {
  const answer = await rawRpc(sc.chain.url, 'eth_call', [{ from, to, data }, 'latest']);
  if (!('error' in answer)) return null;
  const raw = revertData(answer.error);
  if (!raw || raw.length < 10) return answer.error.message;
  try {
    const decoded = decodeErrorResult({
      abi: [...delegationManagerAbi, ...accountErrors],
      data: raw,
    });
    return decoded.errorName === 'Error' ? String(decoded.args[0]) : decoded.errorName;
  } catch {
    return `${answer.error.message} (${raw})`;
  }
}
