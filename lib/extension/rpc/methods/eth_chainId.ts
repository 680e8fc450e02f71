import { toHexChainId } from '../chain-id.ts';
import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

export const eth_chainId: RpcMethod<unknown> = {
  name: 'eth_chainId',
  params: noParams,
  run: async (ctx) => toHexChainId(await ctx.deps.chain.get()),
};
