// A provider's `request` that answers spend-permission requests as Encore's wallet does, on a
// test chain: each `wallet_requestExecutionPermissions` request parsed by lib/permissions into the
// canonical grant, its delegation built and signed by the listener's key (EIP-712), answered with
// the ERC-7710 context. What a site's code (the kit, the demo page) talks to in integration tests.

import { Wallet } from 'ethers';
import type { Hex } from 'viem';
import {
  buildGrantDelegation,
  type CanonicalGrant,
  delegationTypedData,
  type GrantContext,
  parsePermissionRequest,
  permissionContext,
  permissionResponse,
  randomSalt,
  supportedPermissions,
} from '../../lib/permissions/index.ts';
import type { KeyedAccount, PermissionsChain } from './permissions-chain.ts';

export type ProviderRequest = (args: { method: string; params?: unknown }) => Promise<unknown>;

/**
 * `fan`'s wallet on `chain`, as a provider's `request`. `grants` collects what the window would
 * show, one per request granted.
 */
export function permissionsWallet(
  chain: PermissionsChain,
  fan: KeyedAccount,
  grants: CanonicalGrant[] = [],
): ProviderRequest {
  const wallet = new Wallet(fan.key);
  const framework = chain.sc.contracts.delegationFramework;
  return async ({ method, params }) => {
    if (method === 'wallet_getSupportedExecutionPermissions') {
      return supportedPermissions([chain.sc.chain.chainId]);
    }
    if (method !== 'wallet_requestExecutionPermissions') throw new Error(`no ${method} here`);
    const ctx: GrantContext = {
      origin: 'https://music.example',
      listener: fan.address,
      chainId: chain.sc.chain.chainId,
      framework,
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      chain: chain.sc.rpc,
      now: await chain.now(),
    };
    return Promise.all(
      (params as unknown[]).map(async (asked) => {
        const grant = await parsePermissionRequest(asked, ctx);
        grants.push(grant);
        const delegation = buildGrantDelegation(grant, framework.caveatEnforcers, randomSalt());
        const typed = delegationTypedData(delegation, grant.chainId, framework.delegationManager);
        const signature = (await wallet.signTypedData(
          typed.domain,
          typed.types,
          typed.message,
        )) as Hex;
        return permissionResponse(
          asked as object,
          permissionContext({ ...delegation, signature }),
          framework.delegationManager,
        );
      }),
    );
  };
}
