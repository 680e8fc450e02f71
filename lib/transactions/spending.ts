// The daily spending limit: what the account's transactions may cost in the chain's currency over
// any 24 hours before the person must type their password. A transaction counts with the most it
// can cost (value + maximum fee), recorded when it is sent; an approval that is unlimited or
// larger than the token (and setApprovalForAll(true)) counts as unlimited, because the spender
// can then take more than any limit, later, without asking.

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
  readonly wei: bigint;
  /** It grants an approval without a cap: over any limit. */
  readonly unlimited: boolean;
}

export type SpendingCheck =
  | { readonly allowed: true; readonly spentWei: bigint; readonly limitWei: bigint | null }
  | {
      readonly allowed: false;
      readonly reason: 'over-limit' | 'unlimited-approval';
      readonly spentWei: bigint;
      readonly limitWei: bigint;
    };

export function costOf(review: TransactionReview): TransactionCost {
  return {
    wei: BigInt(review.transaction.value) + BigInt(review.maxFeeWei),
    unlimited: review.approval === 'unlimited' || review.approval === 'large',
  };
}

/** The records still inside the window, oldest first (the ledger keeps only these). */
export function recentRecords(records: readonly SpendingRecord[], now: number): SpendingRecord[] {
  return records
    .filter((record) => record.at > now - SPENDING_WINDOW_MS && record.at <= now)
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
  if (spentWei + cost.wei > limitWei) {
    return { allowed: false, reason: 'over-limit', spentWei, limitWei };
  }
  return { allowed: true, spentWei, limitWei };
}
