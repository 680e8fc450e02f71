// What the wallet answers the kit, in the shapes it reads (`permissionResponsesFromRpc`,
// `rpcSupportedPermissionsToDeveloper`): a granted request with its ERC-7710 context, and the
// permission types and rules Encore grants on which chains.

import { SUPPORTED_PERMISSION_TYPES, SUPPORTED_RULE_TYPES } from './parse-request.ts';

type Hex = `0x${string}`;

/** One `wallet_requestExecutionPermissions` answer: the request as granted, plus its context. */
export interface PermissionResponse {
  readonly context: Hex;
  /** Accounts to deploy first: none, a listener's address is an account through EIP-7702. */
  readonly dependencies: readonly { readonly factory: Hex; readonly factoryData: Hex }[];
  readonly delegationManager: string;
}

/**
 * The answer for one granted request. Encore grants as asked or refuses, so the request is
 * returned as the site sent it (ERC-7715: the answer holds the request's parameters).
 */
export function permissionResponse<Request extends object>(
  request: Request,
  context: Hex,
  delegationManager: string,
): Request & PermissionResponse {
  return { ...request, context, dependencies: [], delegationManager };
}

/** `wallet_getSupportedExecutionPermissions`' answer for the chains Encore grants on. */
export function supportedPermissions(
  chainIds: readonly number[],
): Record<string, { chainIds: Hex[]; ruleTypes: string[] }> {
  const hexIds = chainIds.map((id) => `0x${id.toString(16)}` as Hex);
  return Object.fromEntries(
    SUPPORTED_PERMISSION_TYPES.map((type) => [
      type,
      { chainIds: [...hexIds], ruleTypes: [...SUPPORTED_RULE_TYPES] },
    ]),
  );
}
