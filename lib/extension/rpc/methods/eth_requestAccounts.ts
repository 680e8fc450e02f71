import { forSite, signerFor } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/** Asks to connect the first time; a connected site gets its account without a prompt. */
export const eth_requestAccounts: RpcMethod<unknown> = {
  name: 'eth_requestAccounts',
  params: noParams,
  requiresLogin: true,
  approval: async (ctx) =>
    (await ctx.deps.permissions.isConnected(ctx.origin)) ? null : { kind: 'connect' },
  run: async (ctx) => {
    const wallet = signerFor(ctx);
    await ctx.deps.permissions.connect(ctx.origin);
    return [forSite(wallet.address)];
  },
};
