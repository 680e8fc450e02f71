import { z } from 'zod';
import { signerFor } from '../internal/accounts.ts';
import type { RpcMethod } from '../types.ts';

type Params = [id: string, ...unknown[]];

/**
 * EIP-5792: shows the person the batch, in Encore's Activity (a window with the popup's list,
 * where each batch has its status and transaction). Only for a batch this site sent (5730).
 */
export const wallet_showCallsStatus: RpcMethod<Params> = {
  name: 'wallet_showCallsStatus',
  params: z.lazy(() =>
    z.tuple([z.string({ error: 'must be a batch id' }).min(1).max(4096)]).rest(z.unknown()),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['id'],
  requiresConnection: true,
  run: async (ctx, [id]) => {
    const account = signerFor(ctx).address;
    await ctx.deps.calls.show(ctx.origin, account, id);
    return null;
  },
};
