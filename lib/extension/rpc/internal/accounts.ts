import { UnauthorizedError } from '../errors.ts';
import { sameAddress } from '../params.ts';
import type { RpcContext, RpcSigner } from '../types.ts';

/**
 * An address as sites see it: lower case, as the most used wallet answers, so a page comparing a
 * recovered signer with `accounts[0]` using `===` works. Encore's own pages show it checksummed.
 */
export const forSite = (address: string): string => address.toLowerCase();

/** The accounts a site may see: the wallet's address when logged in and the site is connected. */
export async function visibleAccounts(ctx: RpcContext): Promise<string[]> {
  const wallet = ctx.deps.getWallet();
  if (!wallet || !(await ctx.deps.permissions.isConnected(ctx.origin))) return [];
  return [forSite(wallet.address)];
}

/** The wallet, and only if `address` (when given) is it; otherwise 4100 like other wallets. */
export function signerFor(ctx: RpcContext, address?: string): RpcSigner {
  const wallet = ctx.deps.getWallet();
  if (!wallet) throw new UnauthorizedError('Encore is logged out; log in and try again.');
  if (address !== undefined && !sameAddress(address, wallet.address)) {
    throw new UnauthorizedError(`The account ${address} is not the one connected to this site.`);
  }
  return wallet;
}
