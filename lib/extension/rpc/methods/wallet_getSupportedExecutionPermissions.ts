import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/**
 * ERC-7715: which permission types Encore grants, on which chains (those whose Delegation
 * Framework the build pins), with which rules. Says nothing about the listener: no connection needed.
 */
export const wallet_getSupportedExecutionPermissions: RpcMethod<unknown> = {
  name: 'wallet_getSupportedExecutionPermissions',
  params: noParams,
  run: async (ctx) => ctx.deps.spendPermissions.supported(),
};
