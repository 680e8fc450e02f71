import { z } from 'zod';
import type { SpendPermissionApproval } from '../../approvals/index.ts';
import { GrantPasswordError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import type { RpcMethod } from '../types.ts';

/** One request per call: the window shows one grant, and the answer is that grant's. */
type Params = [request: Readonly<Record<string, unknown>>];

/**
 * ERC-7715, as MetaMask's Smart Accounts Kit sends it: a spend permission for the site's session
 * account, read against the connected account and chain (lib/permissions parsePermissionRequest,
 * which names the field it refuses), shown in the window, then signed in the worker as an ERC-7710
 * delegation for the pinned DelegationManager. Answers `[request + { context, dependencies: [],
 * delegationManager }]`; 4001 when the listener says no or closes the window.
 */
export const wallet_requestExecutionPermissions: RpcMethod<Params, SpendPermissionApproval> = {
  name: 'wallet_requestExecutionPermissions',
  params: z.lazy(() =>
    z.tuple([z.record(z.string(), z.unknown(), { error: 'must be a permission request' })], {
      error: 'must be an array of one permission request (Encore grants one per request)',
    }),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['request'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [request]) => {
    const account = signerFor(ctx).address;
    return ctx.deps.spendPermissions.prepare(ctx.origin, request, account);
  },
  run: async (ctx, _params, approved, decision) => {
    if (!approved)
      throw new Error('wallet_requestExecutionPermissions runs only after an approval');
    const passwordConfirmed = decision?.passwordConfirmed ?? false;
    if (approved.spending.passwordRequired !== null && !passwordConfirmed) {
      throw new GrantPasswordError();
    }
    const account = signerFor(ctx, approved.address).address;
    const granted = await ctx.deps.spendPermissions.grant(
      ctx.origin,
      approved,
      account,
      passwordConfirmed,
    );
    return [granted];
  },
};
