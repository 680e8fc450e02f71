import { z } from 'zod';
import { UnrecognizedChainError } from '../errors.ts';
import type { RpcMethod } from '../types.ts';

type Params = [{ chainId: string }];

/**
 * Switches among SUPPORTED_CHAINS and the chains sites added (4902 for any other). The chain is the wallet's, not the
 * site's: every connected site hears chainChanged. Signing itself does not depend on it.
 */
export const wallet_switchEthereumChain: RpcMethod<Params> = {
  name: 'wallet_switchEthereumChain',
  params: z.lazy(() =>
    z.tuple([
      z.object({
        chainId: z
          .string({ error: 'must be a 0x-prefixed hex chain id' })
          .regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be a 0x-prefixed hex chain id'),
      }),
    ]),
  ),
  paramNames: ['switchParams'],
  requiresConnection: true,
  run: async (ctx, [{ chainId }]) => {
    const id = Number.parseInt(chainId, 16);
    if (!(await ctx.deps.chain.known(id))) throw new UnrecognizedChainError(chainId);
    if ((await ctx.deps.chain.get()) !== id) await ctx.deps.chain.set(id);
    return null;
  },
};
