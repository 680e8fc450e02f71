import { signerFor } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/**
 * ERC-7715: the permissions this site holds from the connected account on the current chain, not
 * revoked, each as wallet_requestExecutionPermissions answered it. Another site's grants are never
 * listed.
 */
export const wallet_getGrantedExecutionPermissions: RpcMethod<unknown> = {
  name: 'wallet_getGrantedExecutionPermissions',
  params: noParams,
  requiresConnection: true,
  run: async (ctx) => {
    const account = signerFor(ctx).address;
    return ctx.deps.spendPermissions.granted(ctx.origin, account);
  },
};
