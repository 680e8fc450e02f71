import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/** The chain id in decimal, as older libraries expect. */
export const net_version: RpcMethod<unknown> = {
  name: 'net_version',
  params: noParams,
  run: async (ctx) => String(await ctx.deps.chain.get()),
};
