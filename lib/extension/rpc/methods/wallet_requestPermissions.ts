import { accountsPermissionParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';
import { eth_requestAccounts } from './eth_requestAccounts.ts';
import { permissionsOf } from './wallet_getPermissions.ts';

type Params = [Record<string, unknown>];

/**
 * EIP-2255 form of eth_requestAccounts, except that it always asks, connected or not: a site calls
 * it to let the person confirm (or change their mind about) the connection, as other wallets do.
 */
export const wallet_requestPermissions: RpcMethod<Params> = {
  name: 'wallet_requestPermissions',
  params: accountsPermissionParams,
  paramNames: ['permissions'],
  requiresLogin: true,
  approval: async () => ({ kind: 'connect' }),
  run: async (ctx, _params, approved) => {
    await eth_requestAccounts.run(ctx, undefined, approved);
    return permissionsOf(ctx);
  },
};
