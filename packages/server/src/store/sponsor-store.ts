// What the sponsor service needs from the database; both engines implement it. The budgets and
// the claims live in the database, so every instance sharing it shares them: one operation is
// submitted once, whichever instance it reaches, and a day's budgets hold across instances.
//
// A claim is proven when the request shows it is the account's (POST /sponsor: the account's
// signature over the operation); it spends the listener's budget at once. A paymaster's claim is
// not (anyone may ask for data naming any sender): it spends the client's and the global budget,
// only checks the listener's, and counts in the listener's once the account's own nonce shows the
// operation was used (`landed`). Unused, it is forgotten once its deadline passes (`expire`).
// Nor does an unproven claim hold its account's nonce: its row stores the nonce with its own hash
// after it (`storedNonce`), outside the unique (sender, nonce), so a stranger who guesses the
// nonce an account's wallet will use takes nothing from it (at most one operation per nonce runs).

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
   * The account's other operations that do not hold this one back: done (in a block, or past
   * their deadline), or another client's unproven claims. Any other operation of the account
   * makes the claim `account-busy`.
   */
  settled: readonly string[];
  /** The request shows it is the account's (its signature): the listener's budget is spent now. */
  proven: boolean;
}

/**
 * What became of a claim. Proven: 'claimed' (being submitted), then 'sent'. A paymaster's:
 * 'signing', then 'signed' (its data handed out), then 'landed' once the account used its nonce.
 */
export type SponsoredStatus = 'claimed' | 'sent' | 'signing' | 'signed' | 'landed';

/** One operation of an account, as the claims record it. */
export interface SponsoredOperation {
  userOpHash: string;
  /** The whole nonce, decimal: its key is the operation's deadline. */
  nonce: string;
  status: SponsoredStatus;
  /** The transaction that carries it, once sent. */
  txHash: string | null;
  /** The client that asked, while the claim is unproven ('' otherwise). */
  clientBucket: string;
}

export function sponsoredStatus(value: string): SponsoredStatus {
  return value === 'sent' || value === 'signing' || value === 'signed' || value === 'landed'
    ? value
    : 'claimed';
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
  /** Undoes a claim that was not sent or signed: the row goes, and its budget units are given back. */
  release(userOpHash: string): Promise<void>;
  /** Records the transaction that carries the operation; forgets the client's address. */
  markSent(userOpHash: string, txHash: string): Promise<void>;
  /** Records that a paymaster's claim was signed (its data handed out); the client stays on it. */
  markSigned(userOpHash: string): Promise<void>;
  /**
   * A signed paymaster claim whose nonce the account used: counts it in the listener's budget of
   * its day (once, whatever the limit: it ran) and forgets the client's address.
   */
  landed(userOpHash: string): Promise<void>;
  /** Forgets a signed paymaster claim never used before its deadline; the caller's units stay spent. */
  expire(userOpHash: string): Promise<void>;
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

/** The `nonce` column of a claim: the nonce, followed by the claim's hash when unproven. */
export const storedNonce = (claim: ClaimSponsorship): string =>
  claim.proven ? claim.nonce : `${claim.nonce}:${claim.userOpHash}`;

/** The nonce of a `nonce` column. */
export const nonceOfStored = (stored: string): string => stored.split(':')[0] ?? stored;

/** The listener's budget bucket of an account (lower case). */
export const listenerBucket = (sender: string) => `listener:${sender}`;

/**
 * The budget buckets of one claim, in the order they are checked, and what each claim spends
 * there: an unproven claim only checks the listener's (`spend: 0`).
 */
export function budgetBuckets(
  request: SponsorLimits & { sender: string; clientBucket: string; proven: boolean },
): { bucket: string; limit: number; budget: SponsorBudget; spend: 0 | 1 }[] {
  return [
    {
      bucket: listenerBucket(request.sender),
      limit: request.perListener,
      budget: 'listener',
      spend: request.proven ? 1 : 0,
    },
    {
      bucket: `client:${request.clientBucket}`,
      limit: request.perClient,
      budget: 'client',
      spend: 1,
    },
    { bucket: 'global', limit: request.perDay, budget: 'daily', spend: 1 },
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
