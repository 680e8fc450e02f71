import { noParams } from '../params.ts';
import type { RpcContext, RpcMethod } from '../types.ts';

export interface Permission {
  parentCapability: 'eth_accounts';
  invoker: string;
  date: number;
  caveats: { type: 'restrictReturnedAccounts'; value: string[] }[];
}

/** EIP-2255 view of the one permission Encore grants: seeing the account. */
export async function permissionsOf(ctx: RpcContext): Promise<Permission[]> {
  // Connections belong to the logged-in account: read it before the connection, so the answer
  // never pairs one account's connection with another's address.
  const wallet = ctx.deps.getWallet();
  if (!wallet) return [];
  const date = await ctx.deps.permissions.connectedAt(ctx.origin);
  if (date === null) return [];
  return [
    {
      parentCapability: 'eth_accounts',
      invoker: ctx.origin,
      date,
      caveats: [{ type: 'restrictReturnedAccounts', value: [wallet.address] }],
    },
  ];
}

export const wallet_getPermissions: RpcMethod<unknown> = {
  name: 'wallet_getPermissions',
  params: noParams,
  run: permissionsOf,
};
