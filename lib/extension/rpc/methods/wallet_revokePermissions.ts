import { accountsPermissionParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = [Record<string, unknown>];

/** The site disconnects itself; other sites are untouched. */
export const wallet_revokePermissions: RpcMethod<Params> = {
  name: 'wallet_revokePermissions',
  params: accountsPermissionParams,
  paramNames: ['permissions'],
  run: async (ctx) => {
    await ctx.deps.permissions.revoke(ctx.origin);
    return null;
  },
};
