// Where the key holder keeps its guess counters (one row per bucket: an account, a client
// address) and each hardened account's mark (its identifier and the id of the key its record was
// made under). Never the key, never a record: stealing this store tells an attacker who asked how
// often and which accounts are hardened, and nothing about any password.
import type { BucketSpend, GuessDecision, GuessLimits } from '../limits/guess-policy.ts';

export type CounterEngine = 'sqlite' | 'postgres';

export interface CounterStore {
  readonly engine: CounterEngine;
  /** Spends one evaluation from every bucket at once (all or none), under `limits`. */
  spend(spends: readonly BucketSpend[], now: number, limits: GuessLimits): Promise<GuessDecision>;
  /** The id of the key the account's hardened record was made under, or null (never marked). */
  markOf(account: string): Promise<string | null>;
  /** Marks the account hardened under `keyId` (replacing an earlier key's mark). */
  mark(account: string, keyId: string): Promise<void>;
  /** Deletes buckets that hold nothing any more: window over, closings forgotten. */
  prune(now: number, limits: GuessLimits): Promise<void>;
  close(): Promise<void>;
}

/** Rows sorted by bucket name: every instance locks them in one order, so none waits in a circle. */
export function inLockOrder(spends: readonly BucketSpend[]): BucketSpend[] {
  const seen = new Map<string, BucketSpend>();
  for (const spend of spends) if (!seen.has(spend.bucket)) seen.set(spend.bucket, spend);
  return [...seen.values()].sort((a, b) =>
    a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0,
  );
}
