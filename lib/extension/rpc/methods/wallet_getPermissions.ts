import { id } from 'ethers';
import { forSite } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { RpcContext, RpcMethod } from '../types.ts';

export interface Permission {
  /** Stable while the connection lasts; a new connection gets a new one. */
  id: string;
  parentCapability: 'eth_accounts';
  invoker: string;
  date: number;
  caveats: { type: 'restrictReturnedAccounts'; value: string[] }[];
}

/**
 * Derived from what the site already knows (its origin, its account, when it connected), so the
 * id needs no stored state and tells the site nothing new.
 */
function permissionId(origin: string, account: string, date: number): string {
  return id(`encore-permission\n${origin}\n${account}\n${date}`).slice(2, 34);
}

/** EIP-2255 view of the one permission Encore grants: seeing the account. */
export async function permissionsOf(ctx: RpcContext): Promise<Permission[]> {
  // Connections belong to the logged-in account: read it before the connection, so the answer
  // never pairs one account's connection with another's address.
  const wallet = ctx.deps.getWallet();
  if (!wallet) return [];
  const date = await ctx.deps.permissions.connectedAt(ctx.origin);
  if (date === null) return [];
  const account = forSite(wallet.address);
  return [
    {
      id: permissionId(ctx.origin, account, date),
      parentCapability: 'eth_accounts',
      invoker: ctx.origin,
      date,
      caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
    },
  ];
}

export const wallet_getPermissions: RpcMethod<unknown> = {
  name: 'wallet_getPermissions',
  params: noParams,
  run: permissionsOf,
};
