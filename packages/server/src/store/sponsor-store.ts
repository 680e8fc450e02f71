// What the sponsor service needs from the database; both engines implement it. The budgets and
// the claims live in the database, so every instance sharing it shares them: one operation is
// submitted once, whichever instance it reaches, and a day's budgets hold across instances.

export type SponsorBudget = 'listener' | 'client' | 'daily';

export type ClaimResult =
  /** Claimed, one unit of each budget spent: submit it. */
  | { kind: 'claimed' }
  /** This very operation was submitted before: its transaction. */
  | { kind: 'sent'; txHash: string }
  /** This very operation is being submitted right now. */
  | { kind: 'in-flight' }
  /** Another operation with the same account and nonce is claimed or sent. */
  | { kind: 'nonce-taken' }
  /**
   * Another operation of the same account, whatever its nonce, is claimed, or sent and not among
   * `settled`: this one must wait until that one is in a block, to be simulated after it.
   */
  | { kind: 'account-busy' }
  /** A budget for the day is used up; nothing was claimed or spent. */
  | { kind: 'budget'; budget: SponsorBudget };

export interface SponsorLimits {
  /** Days since the epoch (UTC): the budgets' window. */
  day: number;
  perListener: number;
  perClient: number;
  perDay: number;
}

export interface ClaimSponsorship extends SponsorLimits {
  userOpHash: string;
  /** The operation's account, lower case. */
  sender: string;
  /** The whole nonce, decimal. */
  nonce: string;
  /** The client's budget bucket (its address, or IPv6 /64). */
  clientBucket: string;
  /**
   * The account's other operations the caller found done (in a block, or past their deadline):
   * any other operation of the account makes the claim `account-busy`.
   */
  settled: readonly string[];
}

/** One operation of an account, as the claims record it. */
export interface SponsoredOperation {
  userOpHash: string;
  /** The whole nonce, decimal: its key is the operation's deadline. */
  nonce: string;
  status: 'claimed' | 'sent';
  /** The transaction that carries it, once sent. */
  txHash: string | null;
}

export interface SponsorSummary {
  /** Operations claimed and not yet sent (being simulated or broadcast). */
  inFlight: number;
  /** Operations sent on the current day. */
  sentToday: number;
}

export interface SponsorStore {
  /**
   * In one transaction: refuses an operation already claimed (itself, or its account and nonce),
   * one whose account has another operation on its way (claimed, or sent and not `settled`),
   * then spends one unit of the listener's, the client's and the global budget for the day and
   * records the claim; all or nothing.
   */
  claim(request: ClaimSponsorship): Promise<ClaimResult>;
  /** The account's recorded operations (lower-case address), whatever their nonce. */
  operationsOf(sender: string): Promise<SponsoredOperation[]>;
  /** Undoes a claim that was not sent: the row goes, and its budget units are given back. */
  release(userOpHash: string): Promise<void>;
  /** Records the transaction that carries the operation; forgets the client's address. */
  markSent(userOpHash: string, txHash: string): Promise<void>;
  /** The transaction of a sent operation, or null. */
  sentTransaction(userOpHash: string): Promise<string | null>;
  /** The first budget already used up for this listener and client on the day, or null. */
  exhausted(
    request: SponsorLimits & { sender: string; clientBucket: string },
  ): Promise<SponsorBudget | null>;
  summary(day: number): Promise<SponsorSummary>;
  /** Forgets budgets and sent operations of days before `day`. */
  prune(day: number): Promise<void>;
}

/** The budget buckets of one claim, in the order they are spent. */
export function budgetBuckets(
  request: SponsorLimits & { sender: string; clientBucket: string },
): { bucket: string; limit: number; budget: SponsorBudget }[] {
  return [
    { bucket: `listener:${request.sender}`, limit: request.perListener, budget: 'listener' },
    { bucket: `client:${request.clientBucket}`, limit: request.perClient, budget: 'client' },
    { bucket: 'global', limit: request.perDay, budget: 'daily' },
  ];
}

/** Thrown inside a claim's transaction to undo it; `claimRefusal` turns it back into the answer. */
export class SponsorshipRefused extends Error {
  constructor(readonly result: ClaimResult) {
    super(result.kind);
  }
}

/** The refusal a rolled-back claim answers with; rethrows anything else. */
export function claimRefusal(error: unknown): ClaimResult {
  if (error instanceof SponsorshipRefused) return error.result;
  throw error;
}
