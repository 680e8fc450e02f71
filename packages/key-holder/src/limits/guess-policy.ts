// How a bucket (one account, or one client address) spends its evaluations. A bucket may make
// `limit` evaluations per window; the one past the limit is refused and closes the bucket for a
// wait that doubles with each closing (`baseWaitSeconds`, 2x, 4x, … up to `maxWaitSeconds`),
// so a burst of guesses costs more the longer it goes on. The count of closings is forgotten
// after `forgetAfterSeconds` without one. The key holder cannot tell a right password from a
// wrong one (that is what oblivious means): every evaluation counts, and a person's login is one.
// Pure: both stores run it inside their transaction over the rows they read.

export interface GuessLimits {
  /** Length of a counting window in seconds; default 600. */
  windowSeconds: number;
  /** Evaluations for one account per window, from anywhere; default 10. */
  perAccount: number;
  /** Evaluations from one client address per window, for any accounts; default 60. */
  perAddress: number;
  /** The first closing's wait in seconds; each further closing doubles it. Default 60. */
  baseWaitSeconds: number;
  /** The longest wait in seconds; default 86 400 (a day). */
  maxWaitSeconds: number;
  /** Closings are forgotten after this long without one, in seconds; default 86 400. */
  forgetAfterSeconds: number;
}

export const DEFAULT_GUESS_LIMITS: GuessLimits = {
  windowSeconds: 600,
  perAccount: 10,
  perAddress: 60,
  baseWaitSeconds: 60,
  maxWaitSeconds: 86_400,
  forgetAfterSeconds: 86_400,
};

/** One bucket's counters, as a store keeps them (times in milliseconds since the epoch). */
export interface BucketState {
  windowStart: number;
  count: number;
  strikes: number;
  closedUntil: number;
}

export const EMPTY_BUCKET: BucketState = { windowStart: 0, count: 0, strikes: 0, closedUntil: 0 };

/** A bucket to spend from, with its limit per window. */
export interface BucketSpend {
  bucket: string;
  limit: number;
}

export type GuessDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The decision for one evaluation that spends from every bucket, and each bucket's next state.
 * A closed bucket refuses without counting (waiting out a closing is what the refusal asks);
 * otherwise every bucket counts the evaluation, and one that passes its limit closes.
 */
export function spendBuckets(
  states: readonly BucketState[],
  spends: readonly BucketSpend[],
  now: number,
  limits: GuessLimits,
): { decision: GuessDecision; next: BucketState[] } {
  const closedFor = Math.max(0, ...states.map((s) => s.closedUntil - now));
  if (closedFor > 0) {
    return { decision: refusal(closedFor), next: [...states] };
  }
  const windowMs = limits.windowSeconds * 1000;
  let waitMs = 0;
  const next = states.map((state, i): BucketState => {
    const limit = spends[i]?.limit ?? 0;
    const forgotten = now - state.closedUntil >= limits.forgetAfterSeconds * 1000;
    const strikes = forgotten ? 0 : state.strikes;
    const fresh = now - state.windowStart >= windowMs;
    const count = (fresh ? 0 : state.count) + 1;
    const windowStart = fresh ? now : state.windowStart;
    if (count <= limit) return { windowStart, count, strikes, closedUntil: state.closedUntil };
    const wait = Math.min(limits.maxWaitSeconds, limits.baseWaitSeconds * 2 ** strikes) * 1000;
    waitMs = Math.max(waitMs, wait);
    // A new window starts when the closing ends: the bucket comes back with its whole budget.
    return { windowStart: now + wait, count: 0, strikes: strikes + 1, closedUntil: now + wait };
  });
  return { decision: waitMs > 0 ? refusal(waitMs) : { allowed: true }, next };
}

function refusal(waitMs: number): GuessDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
