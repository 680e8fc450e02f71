// A move as one atomic own-funds batch through Encore's pinned delegate: the revokes of the
// account's spend permissions first (a failed one fails the whole batch: nothing moves), then
// every token transfer, the native amount last, in one transaction from the account to itself (carrying the
// one-time upgrade when the account needs it). The gas and fee are read for a batch sending a
// stand-in amount, then pinned on the final batch, whose native amount is the balance minus that
// fee's cap: what the window lists is exactly what sendOwnBatch signs.

import {
  type Address,
  type Call,
  type DelegateTable,
  ownBatchTransaction,
  pinnedDelegate,
  prepareUpgrade,
} from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { type NativeMove, nativeToMove } from '../../move/index.ts';
import {
  costOfCalls,
  fillTransaction,
  formatNative,
  type NativeCurrency,
  reviewTransaction,
} from '../../transactions/index.ts';
import {
  AtomicityNotSupportedError,
  delegatedReads,
  describeCalls,
  type OwnBatch,
  type OwnBatchSending,
} from '../calls/index.ts';
import { MoveRefusedError } from './errors.ts';
import { feeCapOf, moveRequest, pinnedFeeOf, standInValue, transferAll } from './move-request.ts';
import type { TokenHolding } from './token-balances.ts';

export interface MoveBatch {
  readonly batch: OwnBatch;
  readonly native: NativeMove;
}

export async function prepareMoveBatch(options: {
  table: DelegateTable;
  chain: { id: number; name: string; currency: NativeCurrency };
  account: Address;
  destination: Address;
  tokens: readonly TokenHolding[];
  balanceWei: bigint;
  rpc: ChainRpc;
  transactions: OwnBatchSending;
  /** Calls that run before every transfer (revoking the account's spend permissions). */
  first?: readonly Call[];
}): Promise<MoveBatch> {
  const { table, chain, account, destination, balanceWei } = options;
  const tokenCalls: Call[] = options.tokens.map((token) => ({
    to: token.address as Address,
    value: 0n,
    data: transferAll(token, destination) as `0x${string}`,
  }));
  const before = options.first ?? [];
  const callsWith = (value: bigint): Call[] =>
    value > 0n
      ? [...before, ...tokenCalls, { to: destination, value, data: '0x' }]
      : [...before, ...tokenCalls];
  const upgrade = await prepareUpgrade({
    rpc: options.rpc,
    table,
    chainId: chain.id,
    account,
    sentBy: 'account',
  });
  const reads = upgrade
    ? delegatedReads(options.rpc, account, pinnedDelegate(table, chain.id).address)
    : options.rpc;
  const request = (calls: readonly Call[], pinned?: ReturnType<typeof pinnedFeeOf>) =>
    moveRequest({
      chainId: chain.id,
      from: account,
      to: account,
      value: 0n,
      data: ownBatchTransaction({ table, chainId: chain.id, account, calls, upgrade: null }).data,
      pinned,
      // An upgrade travels in an EIP-1559-style transaction (type 4): never legacy fees.
      type: upgrade ? 2 : undefined,
    });
  const context = { chainId: chain.id, from: account, chain: reads };
  const draft = await fillTransaction(request(callsWith(standInValue(balanceWei))), context);
  const pinned = pinnedFeeOf(draft.transaction);
  if (upgrade && pinned.fee.type !== 2) {
    throw new AtomicityNotSupportedError(`chain ${chain.id} has no EIP-1559 fees for an upgrade`);
  }
  const native = nativeToMove(balanceWei, [feeCapOf(pinned)]);
  if (!native.feesCovered) throw notCovered(balanceWei, native, chain.currency);
  const calls = callsWith(native.valueWei);
  if (calls.length === 0) throw new MoveRefusedError('There is nothing to move.');
  const [review, described] = await Promise.all([
    reviewTransaction(request(calls, pinned), { ...context, currency: chain.currency }),
    describeCalls(calls, {
      chainId: chain.id,
      account,
      currency: chain.currency,
      chain: options.rpc,
    }),
  ]);
  const cost = costOfCalls(described, account, BigInt(review.maxFeeWei));
  return {
    native,
    batch: {
      upgrade,
      approval: {
        kind: 'calls',
        payment: 'own',
        address: account,
        chain: { id: chain.id, name: chain.name },
        currency: chain.currency,
        calls: described,
        upgrade: upgrade ? { delegate: upgrade.delegate, replaces: upgrade.replaces } : null,
        review,
        valueWei: native.valueWei.toString(),
        balanceAfterWei: (balanceWei - native.valueWei - BigInt(review.feeEstimateWei)).toString(),
        spending: await options.transactions.spending(account, cost),
      },
    },
  };
}

export function notCovered(
  balanceWei: bigint,
  native: NativeMove,
  currency: NativeCurrency,
): MoveRefusedError {
  return new MoveRefusedError(
    `The balance (${formatNative(balanceWei, currency)}) does not cover the fee the move may cost (${formatNative(native.feeCapWei, currency)}): nothing can move until the account holds enough for the fee.`,
  );
}
