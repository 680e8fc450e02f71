import { z } from 'zod';
import { signerFor } from '../internal/accounts.ts';
import type { RpcMethod } from '../types.ts';

type Params = [id: string, ...unknown[]];

/** EIP-5792: the status of a batch this site sent, read from the chain (5730 for an unknown id). */
export const wallet_getCallsStatus: RpcMethod<Params> = {
  name: 'wallet_getCallsStatus',
  params: z.lazy(() =>
    z.tuple([z.string({ error: 'must be a batch id' }).min(1).max(4096)]).rest(z.unknown()),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['id'],
  requiresConnection: true,
  run: (ctx, [id]) => {
    const account = signerFor(ctx).address;
    return ctx.deps.calls.status(ctx.origin, account, id);
  },
};
