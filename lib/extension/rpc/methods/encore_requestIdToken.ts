import type { IdTokenApproval } from '../../approvals/index.ts';
import { InternalRpcError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/**
 * A catalog ID token for the listener (the catalog's own construction), so a music site learns
 * who they are from the catalog's verify_token without any password. Asked every time: the token
 * carries the person's identity. The catalog is asked once, for the approval; the token carries
 * exactly the user the person saw, for the asking site only (`aud` from the port's sender), for
 * the lifetime shown.
 */
export const encore_requestIdToken: RpcMethod<unknown, IdTokenApproval> = {
  name: 'encore_requestIdToken',
  params: noParams,
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx) => {
    const { address } = signerFor(ctx);
    const [user, lifetimeSeconds] = await Promise.all([
      ctx.deps.catalog.findUser(address),
      ctx.deps.catalog.idTokenLifetimeSeconds(),
    ]);
    if (!user) {
      throw new InternalRpcError('No music-catalog profile is linked to this wallet.', {
        reason: 'no-catalog-user',
      });
    }
    return { kind: 'id_token', address, user, lifetimeSeconds };
  },
  run: async (ctx, _params, approved) => {
    if (!approved) throw new InternalRpcError('An ID token is only minted after approval.');
    return ctx.deps.catalog.createIdToken(signerFor(ctx, approved.address), approved.user, {
      audience: ctx.origin,
      lifetimeSeconds: approved.lifetimeSeconds,
    });
  },
};
