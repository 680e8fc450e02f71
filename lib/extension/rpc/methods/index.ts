// The methods Encore answers (CHAIN_READS are forwarded to the chain's node). Anything not listed
// is 4200.
import type { RpcMethod } from '../types.ts';
import { CHAIN_READS } from './chain-reads.ts';
import { encore_requestIdToken } from './encore_requestIdToken.ts';
import { eth_accounts } from './eth_accounts.ts';
import { eth_chainId } from './eth_chainId.ts';
import { eth_requestAccounts } from './eth_requestAccounts.ts';
import { eth_sendTransaction } from './eth_sendTransaction.ts';
import { eth_signTypedData_v4 } from './eth_signTypedData_v4.ts';
import { net_version } from './net_version.ts';
import { personal_ecRecover } from './personal_ecRecover.ts';
import { personal_sign } from './personal_sign.ts';
import { eth_sign, eth_signTransaction } from './unsupported.ts';
import { wallet_addEthereumChain } from './wallet_addEthereumChain.ts';
import { wallet_getCallsStatus } from './wallet_getCallsStatus.ts';
import { wallet_getCapabilities } from './wallet_getCapabilities.ts';
import { wallet_getGrantedExecutionPermissions } from './wallet_getGrantedExecutionPermissions.ts';
import { wallet_getPermissions } from './wallet_getPermissions.ts';
import { wallet_getSupportedExecutionPermissions } from './wallet_getSupportedExecutionPermissions.ts';
import { wallet_requestExecutionPermissions } from './wallet_requestExecutionPermissions.ts';
import { wallet_requestPermissions } from './wallet_requestPermissions.ts';
import { wallet_revokePermissions } from './wallet_revokePermissions.ts';
import { wallet_sendCalls } from './wallet_sendCalls.ts';
import { wallet_showCallsStatus } from './wallet_showCallsStatus.ts';
import { wallet_switchEthereumChain } from './wallet_switchEthereumChain.ts';

// Each method is typed by its own params; the registry only routes by name, so it forgets them.
const METHODS = [
  eth_requestAccounts,
  eth_accounts,
  eth_chainId,
  net_version,
  personal_sign,
  personal_ecRecover,
  eth_signTypedData_v4,
  wallet_getPermissions,
  wallet_requestPermissions,
  wallet_revokePermissions,
  wallet_switchEthereumChain,
  wallet_addEthereumChain,
  encore_requestIdToken,
  wallet_getCapabilities,
  wallet_sendCalls,
  wallet_getCallsStatus,
  wallet_showCallsStatus,
  wallet_requestExecutionPermissions,
  wallet_getSupportedExecutionPermissions,
  wallet_getGrantedExecutionPermissions,
  eth_sendTransaction,
  eth_signTransaction,
  eth_sign,
  ...CHAIN_READS,
] as unknown as readonly RpcMethod[];

const byName = new Map(METHODS.map((method) => [method.name, method]));

export function findMethod(name: string): RpcMethod | undefined {
  // Own-property lookup in a Map: "__proto__" or "constructor" are simply unknown methods.
  return byName.get(name);
}
