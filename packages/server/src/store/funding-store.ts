// What the funding hook needs from the database; both engines implement it. Budgets and the
// queue live in the database so every instance sharing it shares them.

export type EnqueueFundingResult = 'queued' | 'already-funded' | 'client-budget' | 'global-budget';

export interface EnqueueFunding {
  walletAddress: string;
  usernameKey: string;
  /** The client's budget bucket (its address, or IPv6 /64). */
  clientBucket: string;
  /** Days since the epoch (UTC): the budgets' window. */
  day: number;
  perClientPerDay: number;
  globalPerDay: number;
  nowMs: number;
}

export interface FundingRow {
  walletAddress: string;
  attempts: number;
  /** The signed transfer, kept so a retry sends the very same transaction (never a second one). */
  rawTx: string | null;
  txHash: string | null;
  txNonce: number | null;
}

/** Who must hold the worker lease, and the moment it must still run at, for a write to happen. */
export interface LeaseFence {
  holder: string;
  nowMs: number;
}

export interface FundingSummary {
  queued: number;
  paid: number;
  failed: number;
}

export interface FundingStore {
  /**
   * In one transaction: queues a payment unless the address or username has one, then spends one
   * unit of the client's and of the global budget for `day`; all or nothing.
   */
  enqueue(request: EnqueueFunding): Promise<EnqueueFundingResult>;
  /** Takes or renews the single worker lease; false when another holder's lease is current. */
  acquireLease(holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  /** Queued payments due at `nowMs`: signed ones first (by nonce), then the oldest. */
  due(nowMs: number, limit: number): Promise<FundingRow[]>;
  /**
   * Records the signed transfer before it is broadcast, in one statement that also checks the
   * fence: the lease is `fence.holder`'s and current at `fence.nowMs`, and the payment is queued
   * with no transfer recorded. False when it is not recorded: the transfer must never be sent.
   */
  saveSigned(
    walletAddress: string,
    signed: { rawTx: string; txHash: string; txNonce: number },
    fence: LeaseFence,
  ): Promise<boolean>;
  /**
   * Forgets the signed transfer `txHash` once it can never be mined (its nonce went to another
   * transaction), under the same fence; false when the lease or the row moved on.
   */
  clearSigned(walletAddress: string, txHash: string, fence: LeaseFence): Promise<boolean>;
  settle(walletAddress: string, status: 'paid' | 'failed', error?: string): Promise<void>;
  retryLater(walletAddress: string, nextAttemptAt: number, error: string): Promise<void>;
  summary(): Promise<FundingSummary>;
  /** Forgets budget counters of days before `day`. */
  pruneBudgets(day: number): Promise<void>;
}

/**
 * Thrown inside an engine's enqueue transaction to undo it (nothing queued, no budget spent);
 * `refusalOf` turns it back into the answer.
 */
export class BudgetRefused extends Error {
  constructor(readonly result: EnqueueFundingResult) {
    super(result);
  }
}

/** The refusal a rolled-back enqueue answers with; rethrows anything else. */
export function refusalOf(error: unknown): EnqueueFundingResult {
  if (error instanceof BudgetRefused) return error.result;
  throw error;
}

/** `SELECT status, COUNT(*) … GROUP BY status` rows as the summary (unknown statuses ignored). */
export function countByStatus(
  rows: readonly { status: string; n: number | string }[],
): FundingSummary {
  const counts: FundingSummary = { queued: 0, paid: 0, failed: 0 };
  for (const row of rows) {
    if (row.status in counts) counts[row.status as keyof FundingSummary] = Number(row.n);
  }
  return counts;
}
