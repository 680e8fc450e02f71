// A move as transactions in order, where the chain has no delegate for a batch: one transfer per
// token, then the native amount last. Each fee is read and pinned; the native amount is the
// balance minus every transaction's fee cap, so all of them are paid for whatever the fees do.
// Not atomic: if one is refused, those before it have moved and the rest has not (the outcome
// says which).

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { type NativeMove, nativeToMove } from '../../move/index.ts';
import {
  costOf,
  fillTransaction,
  type NativeCurrency,
  reviewTransaction,
  type TransactionCost,
  type TransactionReview,
} from '../../transactions/index.ts';
import { notCovered } from './move-batch.ts';
import { feeCapOf, moveRequest, pinnedFeeOf, standInValue, transferAll } from './move-request.ts';
import type { TokenHolding } from './token-balances.ts';

/** What a value transfer to an address without code costs (EIP-2028's intrinsic gas). */
const TRANSFER_GAS = 21_000n;

export interface MoveStep {
  readonly review: TransactionReview;
  readonly cost: TransactionCost;
}

export interface MoveSequence {
  readonly steps: readonly MoveStep[];
  readonly native: NativeMove;
}

export async function prepareMoveSequence(options: {
  chain: { id: number; currency: NativeCurrency };
  account: string;
  destination: string;
  /** Code at the destination: its receiving may cost more than a plain transfer. */
  destinationHasCode: boolean;
  tokens: readonly TokenHolding[];
  balanceWei: bigint;
  rpc: ChainRpc;
}): Promise<MoveSequence> {
  const { chain, account, destination, balanceWei } = options;
  const context = {
    chainId: chain.id,
    from: account,
    chain: options.rpc,
    currency: chain.currency,
  };
  const tokenReviews = await Promise.all(
    options.tokens.map((token) =>
      reviewTransaction(
        moveRequest({
          chainId: chain.id,
          from: account,
          to: token.address,
          value: 0n,
          data: transferAll(token, destination),
        }),
        context,
      ),
    ),
  );
  const nativeRequest = (value: bigint, pinned?: ReturnType<typeof pinnedFeeOf>) =>
    moveRequest({ chainId: chain.id, from: account, to: destination, value, data: '0x', pinned });
  const draft = await fillTransaction(nativeRequest(standInValue(balanceWei)), context);
  // A plain transfer to an address without code costs exactly its intrinsic gas: no margin, so
  // no unused gas to stay behind (some nodes estimate a unit or two over it).
  const pinned = options.destinationHasCode
    ? pinnedFeeOf(draft.transaction)
    : { ...pinnedFeeOf(draft.transaction), gasLimit: TRANSFER_GAS };
  const native = nativeToMove(balanceWei, [
    ...tokenReviews.map((review) => feeCapOf(pinnedFeeOf(review.transaction))),
    feeCapOf(pinned),
  ]);
  if (!native.feesCovered) throw notCovered(balanceWei, native, chain.currency);
  const reviews =
    native.valueWei > 0n
      ? [...tokenReviews, await reviewTransaction(nativeRequest(native.valueWei, pinned), context)]
      : tokenReviews;
  return { native, steps: reviews.map((review) => ({ review, cost: costOf(review) })) };
}
