import { InternalRpcError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { CatalogUserRef, RpcContext, RpcMethod } from '../types.ts';

async function userOf(ctx: RpcContext): Promise<CatalogUserRef> {
  const wallet = signerFor(ctx);
  const user = await ctx.deps.catalog.findUser(wallet.address);
  if (!user) {
    throw new InternalRpcError('No music-catalog profile is linked to this wallet.', {
      reason: 'no-catalog-user',
    });
  }
  return user;
}

/**
 * A catalog ID token for the listener (the catalog's own construction), so a music site learns
 * who they are from the catalog's verify_token without any password. Asked every time: the token
 * carries the person's identity.
 */
export const encore_requestIdToken: RpcMethod<unknown> = {
  name: 'encore_requestIdToken',
  params: noParams,
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx) => {
    const user = await userOf(ctx);
    return { kind: 'id_token', address: signerFor(ctx).address, user };
  },
  run: async (ctx) => {
    const wallet = signerFor(ctx);
    const user = await userOf(ctx);
    return ctx.deps.catalog.createIdToken(wallet, user.id);
  },
};
