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
      // Hashed so the table never holds a raw address or lookupKey next to a time.
      const [byAddress = 0, byKey = 0] = await store.hitRateLimits(
        [bucket('a', address), bucket('k', lookupKey)],
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

function bucket(kind: 'a' | 'k', value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
}
