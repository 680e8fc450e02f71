import { visibleAccounts } from '../internal/accounts.ts';
import { noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

/** `[]` when logged out or not connected; never asks anything. */
export const eth_accounts: RpcMethod<unknown> = {
  name: 'eth_accounts',
  params: noParams,
  run: (ctx) => visibleAccounts(ctx),
};
