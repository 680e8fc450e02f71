import { z } from 'zod';
import { signerFor } from '../internal/accounts.ts';
import { addressSchema } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = [address: string, chainIds?: number[], ...unknown[]];

const chainIds = z.lazy(() =>
  z
    .array(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be 0x-prefixed hex chain ids')
        .transform((hex) => Number.parseInt(hex, 16)),
    )
    .max(64),
);

/** EIP-5792: per chain, whether calls can be atomic (and sponsored) for the connected account. */
export const wallet_getCapabilities: RpcMethod<Params> = {
  name: 'wallet_getCapabilities',
  params: z.lazy(() =>
    z
      .tuple([addressSchema])
      .or(z.tuple([addressSchema, chainIds]))
      .or(z.tuple([addressSchema, chainIds]).rest(z.unknown())),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['address', 'chainIds'],
  requiresConnection: true,
  run: (ctx, [address, ids]) => {
    const account = signerFor(ctx, address).address;
    return ctx.deps.calls.capabilities(account, ids ?? null);
  },
};
