// The daily spending limit: what the account's transactions and batches may take from its
// balance in the chain's currency over any 24 hours before the person must type their password,
// whoever pays the fee. A transaction counts with the most it can cost (value + maximum fee), a
// batch with its calls' values (plus the maximum fee when the listener pays it), recorded once it
// is signed, before the signature leaves the worker. An approval that is unlimited or larger than the token (setApprovalForAll(true), a
// permit of everything) counts as unlimited, because the spender can then take more than any
// limit, later, without asking.
//
// Tokens: Encore cannot tell what a token is worth (its symbol and decimals are the contract's own
// claim, and no price is read), so no amount of a token counts as small. Under a daily limit,
// every call that moves the account's tokens or lets another address move them (outflow.ts)
// needs the password, whatever the amount; a chain set to "No limit" asks for neither.

import type { CallDescription } from './decode/describe-call.ts';
import { outflowOf } from './outflow.ts';
import type { TransactionReview } from './review.ts';

export const SPENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

export type SpendingLimit =
  | { readonly kind: 'unlimited' }
  /** Wei per 24 hours, decimal. */
  | { readonly kind: 'daily'; readonly wei: string };

/** One sent transaction's cost, as recorded when it was sent. */
export interface SpendingRecord {
  /** When it was sent (ms since the epoch). */
  readonly at: number;
  /** Wei, decimal. */
  readonly wei: string;
}

export interface TransactionCost {
  /** What leaves the balance in the chain's currency at most: values, and the fee if paid. */
  readonly wei: bigint;
  /** It grants an approval without a cap: over any limit. */
  readonly unlimited: boolean;
  /** It moves the account's tokens, or lets another address move them. */
  readonly tokens: boolean;
}

/** Why a request needs the password. */
export type SpendingReason = 'over-limit' | 'unlimited-approval' | 'tokens';

export type SpendingCheck =
  | { readonly allowed: true; readonly spentWei: bigint; readonly limitWei: bigint | null }
  | {
      readonly allowed: false;
      readonly reason: SpendingReason;
      readonly spentWei: bigint;
      readonly limitWei: bigint;
    };

/**
 * What `calls`, all sent by `account`, count against the limit: their values plus `feeWei` (the
 * most the listener can pay in fees; 0 when a sponsor pays), and the tokens they let go.
 */
export function costOfCalls(
  calls: readonly {
    readonly to: string | null;
    readonly value: string | bigint;
    readonly call: CallDescription;
  }[],
  account: string,
  feeWei: bigint,
): TransactionCost {
  const outflow = outflowOf(calls, account);
  return {
    wei: outflow.valueWei + feeWei,
    unlimited: outflow.tokens.some((token) => token.uncapped),
    tokens: outflow.tokens.length > 0 || outflow.unreadMulticalls > 0,
  };
}

export function costOf(review: TransactionReview): TransactionCost {
  const tx = review.transaction;
  return costOfCalls(
    [{ to: tx.to, value: tx.value, call: review.call }],
    tx.from,
    BigInt(review.maxFeeWei),
  );
}

/**
 * The records still inside the window, oldest first (the ledger keeps only these). A record dated
 * after `now` (the clock was set back) still counts: spending never disappears with the clock.
 */
export function recentRecords(records: readonly SpendingRecord[], now: number): SpendingRecord[] {
  return records
    .filter((record) => record.at > now - SPENDING_WINDOW_MS)
    .sort((a, b) => a.at - b.at);
}

export function spentWithin(records: readonly SpendingRecord[], now: number): bigint {
  return recentRecords(records, now).reduce((sum, record) => sum + BigInt(record.wei), 0n);
}

/** Whether `cost` fits under `limit` given what was spent in the last 24 hours. */
export function checkSpending(
  limit: SpendingLimit,
  records: readonly SpendingRecord[],
  cost: TransactionCost,
  now: number,
): SpendingCheck {
  const spentWei = spentWithin(records, now);
  if (limit.kind === 'unlimited') return { allowed: true, spentWei, limitWei: null };
  const limitWei = BigInt(limit.wei);
  if (cost.unlimited) return { allowed: false, reason: 'unlimited-approval', spentWei, limitWei };
  if (cost.tokens) return { allowed: false, reason: 'tokens', spentWei, limitWei };
  if (spentWei + cost.wei > limitWei) {
    return { allowed: false, reason: 'over-limit', spentWei, limitWei };
  }
  return { allowed: true, spentWei, limitWei };
}
