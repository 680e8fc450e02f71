// Every request takes the same explicit steps: known method? -> site connected? -> admitted
// (budget, size)? -> params valid?
// -> logged in? -> approved? -> run. Each step either passes or throws the one error a site
// should see; nothing else decides access. The connection comes before the params so that a
// site that may not use a method learns nothing from how its params are judged.

import type { ApprovalDecision } from '../approvals/index.ts';
import {
  InternalRpcError,
  toProviderError,
  UnauthorizedError,
  UnsupportedMethodError,
} from './errors.ts';
import { signerFor } from './internal/accounts.ts';
import { findMethod } from './methods/index.ts';
import { parseParams } from './params.ts';
import type { RpcContext } from './types.ts';

export interface RpcRequest {
  method: string;
  params?: unknown;
}

export async function runRpcRequest(ctx: RpcContext, request: RpcRequest): Promise<unknown> {
  try {
    const method = findMethod(request.method);
    if (!method) throw new UnsupportedMethodError(request.method);
    const { deps, origin } = ctx;
    const assertConnected = async (): Promise<void> => {
      if (!(await deps.permissions.isConnected(origin))) throw new UnauthorizedError();
    };
    await deps.ready();
    // Also before any login prompt: no point asking someone to log in for a site that could not
    // use the answer anyway.
    if (method.requiresConnection) await assertConnected();
    method.admit?.(ctx, request.params);
    const params = parseParams(method, request.params);

    // Read after the connection check: a login that finished meanwhile has already cleared the
    // prompts it satisfies, and one queued now would wait for a login that never comes.
    if (method.requiresLogin && !deps.getWallet()) {
      await deps.approvals.request(origin, { kind: 'login', method: method.name }, ctx.signal);
      // A connection belongs to an account and a site: the account that logged in may not have it.
      if (method.requiresConnection) await assertConnected();
    }
    const details = method.approval ? await method.approval(ctx, params) : null;
    let decision: ApprovalDecision = { passwordConfirmed: false };
    if (details) {
      decision = await deps.approvals.request(origin, details, ctx.signal);
      // The person may have disconnected the site, or logged in as someone else, while deciding:
      // the approval covers only the site and the account it showed.
      if (method.requiresConnection) await assertConnected();
      if ('address' in details) signerFor(ctx, details.address);
    }
    return await method.run(ctx, params, details, decision);
  } catch (error) {
    const answer = toProviderError(error);
    // Internal failures reach the site as a bare -32603; keep the cause for whoever debugs.
    if (answer instanceof InternalRpcError && answer !== error) {
      console.error('[encore] RPC', request.method, 'failed:', error);
    }
    throw answer;
  }
}
