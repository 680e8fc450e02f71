// Fixed-window limiter whose counters live in the database, so every instance sharing the
// database shares the limit. One upsert per request covers both buckets (address, lookupKey).
import { createHash } from 'node:crypto';
import type { Store } from '../store/store.ts';

export interface RateLimitOptions {
  /** Length of a window in seconds; default 60. */
  windowSeconds: number;
  /** Lookups one client address may make per window; default 10. */
  perAddress: number;
  /** Lookups of one lookupKey per window, from anywhere; default 10. */
  perLookupKey: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  windowSeconds: 60,
  perAddress: 10,
  perLookupKey: 10,
};

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  check(address: string, lookupKey: string): Promise<RateLimitDecision>;
  /** Deletes finished windows. */
  prune(): Promise<void>;
}

export function createRateLimiter(
  store: Store,
  options: RateLimitOptions,
  now: () => number = Date.now,
): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const windowStartOf = (ms: number): number => Math.floor(ms / windowMs) * options.windowSeconds;
  return {
    async check(address, lookupKey) {
      const at = now();
      const windowStart = windowStartOf(at);
      const [byAddress = 0, byKey = 0] = await store.hitRateLimits(
        [addressBucket(address), `k:${lookupKey.slice(0, 32)}`],
        windowStart,
      );
      if (byAddress <= options.perAddress && byKey <= options.perLookupKey) {
        return { allowed: true };
      }
      const windowEnd = (windowStart + options.windowSeconds) * 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - at) / 1000)) };
    },
    async prune() {
      await store.pruneRateLimits(windowStartOf(now()));
    },
  };
}

// Addresses are hashed so the table holds no plain client address (an IPv4 hash can be reversed
// by trying them all, so this is tidiness, not secrecy: rows live at most two windows anyway).
// lookupKeys are not: anyone reading the table can read auth_records too, so hashing would hide
// nothing; the first 128 bits of an scrypt output identify it well enough.
function addressBucket(address: string): string {
  return `a:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}
