// Everything the approval window shows about a transaction, read before it opens: the canonical
// transaction (the one that is signed), what its call does, the simulation, the fee, the balance
// before and after, and the warnings. Plain JSON, so the window receives exactly this.

import { readBalance, readCode } from '@encore-wallet/utils/chain-rpc';
import type { NativeCurrency } from './amounts.ts';
import { type CanonicalTransaction, maxCostWei, maxFeeWei } from './canonical.ts';
import { type CallDescription, describeCall } from './decode/describe-call.ts';
import { type FillContext, fillTransaction } from './fill.ts';
import type { TransactionRequest } from './request.ts';
import { type Simulation, simulate } from './simulate.ts';
import { summarize } from './summary.ts';
import { approvalSize, type TransactionWarning, warningsFor } from './warnings.ts';

export interface TransactionReview {
  /** What is signed: the window's every line is derived from this object. */
  readonly transaction: CanonicalTransaction;
  readonly call: CallDescription;
  /** One line for the title and the Activity list. */
  readonly summary: string;
  readonly simulation: Simulation;
  readonly warnings: readonly TransactionWarning[];
  readonly currency: NativeCurrency;
  /** Wei, decimal: the fee expected at the next block, and the most it can be. */
  readonly feeEstimateWei: string;
  readonly maxFeeWei: string;
  /** Wei, decimal; null when the chain could not say. */
  readonly balanceWei: string | null;
  /** Balance − value − expected fee (negative when it does not cover it); null without a balance. */
  readonly balanceAfterWei: string | null;
  /** The approval the call grants, by size; null for calls that grant none. */
  readonly approval: 'unlimited' | 'large' | 'capped' | null;
}

export interface ReviewContext extends FillContext {
  readonly currency: NativeCurrency;
}

async function readOrNull<T>(step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch {
    return null;
  }
}

export async function reviewTransaction(
  request: TransactionRequest,
  context: ReviewContext,
): Promise<TransactionReview> {
  const filled = await fillTransaction(request, context);
  const tx = filled.transaction;
  const { to } = tx;
  const { chain } = context;
  const [call, simulation, balance, code] = await Promise.all([
    describeCall(tx, chain),
    simulate(tx, chain),
    readOrNull(() => readBalance(chain, tx.from)),
    to === null ? Promise.resolve(null) : readOrNull(() => readCode(chain, to)),
  ]);
  return buildReview(tx, filled.feeEstimateWei, {
    call,
    simulation,
    balanceWei: balance,
    toHasCode: code === null ? null : code !== '0x',
    currency: context.currency,
  });
}

/** The review of a transaction from what was read about it (separate for tests). */
export function buildReview(
  tx: CanonicalTransaction,
  feeEstimateWei: bigint,
  facts: {
    call: CallDescription;
    simulation: Simulation;
    balanceWei: bigint | null;
    toHasCode: boolean | null;
    currency: NativeCurrency;
  },
): TransactionReview {
  const cost = maxCostWei(tx);
  const after =
    facts.balanceWei === null ? null : facts.balanceWei - BigInt(tx.value) - feeEstimateWei;
  return {
    transaction: tx,
    call: facts.call,
    summary: summarize(tx, facts.call, facts.currency),
    simulation: facts.simulation,
    warnings: warningsFor({
      transaction: tx,
      call: facts.call,
      simulation: facts.simulation,
      toHasCode: facts.toHasCode,
      balanceWei: facts.balanceWei,
      maxCostWei: cost,
    }),
    currency: facts.currency,
    feeEstimateWei: feeEstimateWei.toString(),
    maxFeeWei: maxFeeWei(tx).toString(),
    balanceWei: facts.balanceWei === null ? null : facts.balanceWei.toString(),
    balanceAfterWei: after === null ? null : after.toString(),
    approval: approvalSize(facts.call),
  };
}
