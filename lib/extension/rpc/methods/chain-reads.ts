// The read-only methods Encore forwards to the RPC URL set for the current chain, for any site,
// connected or not: they read public chain state and reveal nothing about the person. This table
// is the whole allow-list; anything not here (and not another method) is 4200, and no signing
// method is ever forwarded. Each entry's params are checked before the node hears of them.

import { z } from 'zod';
import {
  blockCount,
  blockNumberOrTag,
  blockRef,
  callObject,
  hash32,
  logFilter,
  percentiles,
  stateOverride,
} from '../internal/chain-params.ts';
import { addressSchema, noParams } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = readonly unknown[] | undefined;

function read(name: string, params: z.ZodType<Params>, paramNames?: string[]): RpcMethod<Params> {
  return {
    name,
    params,
    ...(paramNames ? { paramNames } : {}),
    // Budget and size before the schema: parsing a page's 60 MB stateOverride would cost the
    // worker a second each time, whatever the budget said afterwards.
    admit: (ctx, raw) => ctx.deps.node.admit(ctx.origin, name, raw),
    run: (ctx, given) => ctx.deps.node.forward(name, given ?? []),
  };
}

const none = noParams as z.ZodType<Params>;
const accountAt = z.lazy(() => z.tuple([addressSchema]).or(z.tuple([addressSchema, blockRef])));
const oneHash = z.lazy(() => z.tuple([hash32]));
const simulate = z.lazy(() =>
  z
    .tuple([callObject])
    .or(z.tuple([callObject, blockRef]))
    .or(z.tuple([callObject, blockRef, stateOverride])),
);

export const CHAIN_READS: readonly RpcMethod<Params>[] = [
  read('eth_blockNumber', none),
  read('eth_gasPrice', none),
  read('eth_maxPriorityFeePerGas', none),
  read(
    'eth_getBlockByNumber',
    z.lazy(() => z.tuple([blockNumberOrTag, z.boolean()])),
    ['block', 'fullTransactions'],
  ),
  read('eth_getBalance', accountAt, ['address', 'block']),
  read('eth_getTransactionCount', accountAt, ['address', 'block']),
  read('eth_getCode', accountAt, ['address', 'block']),
  read('eth_call', simulate, ['transaction', 'block', 'stateOverride']),
  read('eth_estimateGas', simulate, ['transaction', 'block', 'stateOverride']),
  read(
    'eth_getLogs',
    z.lazy(() => z.tuple([logFilter])),
    ['filter'],
  ),
  read(
    'eth_feeHistory',
    z.lazy(() => z.tuple([blockCount, blockRef, percentiles]).or(z.tuple([blockCount, blockRef]))),
    ['blockCount', 'newestBlock', 'rewardPercentiles'],
  ),
  read('eth_getTransactionReceipt', oneHash, ['hash']),
  read('eth_getTransactionByHash', oneHash, ['hash']),
];
