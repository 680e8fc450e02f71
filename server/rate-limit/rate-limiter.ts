// Fixed-window limiter whose counters live in the database, so every instance sharing the
// database shares the limit. One upsert per request covers both buckets (address, lookupKey).
// Buckets hold the plain client address (or IPv6 /64) and the first 128 bits of the lookupKey:
// hashing them would hide nothing (IPv4 hashes reverse by trying every address, and whoever can
// read this table can read auth_records too) and costs ~3 µs a request. Rows live at most two
// windows: the pruner deletes every finished window.
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
        [`a:${address}`, `k:${lookupKey.slice(0, 32)}`],
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
