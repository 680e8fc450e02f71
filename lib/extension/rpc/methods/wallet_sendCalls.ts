import { z } from 'zod';
import type { CallsApproval } from '../../approvals/index.ts';
import { sendCallsSchema } from '../../calls/index.ts';
import { signerFor } from '../internal/accounts.ts';
import type { RpcMethod, SendCallsRequest } from '../types.ts';

type Params = [request: SendCallsRequest, ...unknown[]];

/**
 * EIP-5792: a batch of calls from the listener's own address, run all or none, paid for by the
 * sponsor the site names (`capabilities.sponsorService`) or else from the listener's balance.
 * The approval shows every call and who pays; run signs the batch the approval was built from.
 */
export const wallet_sendCalls: RpcMethod<Params, CallsApproval> = {
  name: 'wallet_sendCalls',
  params: z.lazy(() =>
    z.tuple([sendCallsSchema()]).rest(z.unknown()),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['request'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [request]) => {
    const account = signerFor(ctx, request.from).address;
    return ctx.deps.calls.prepare(ctx.origin, request, account);
  },
  run: async (ctx, [request], approved, decision) => {
    if (!approved) throw new Error('wallet_sendCalls runs only after an approval');
    const account = signerFor(ctx, request.from).address;
    return ctx.deps.calls.send(ctx.origin, approved, account, decision?.passwordConfirmed ?? false);
  },
};
