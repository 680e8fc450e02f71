// A token bucket per origin: a page may burst (wagmi reads a dozen things at load) but cannot
// keep the person's node busy. Kept in the worker's memory: a restart forgives, which is fine
// for a budget whose only job is to stop a flood.

export interface RequestBudget {
  /** Spends one request for `origin`; false when its bucket is empty. */
  take(origin: string): boolean;
}

const MAX_TRACKED_ORIGINS = 1_000;

export function createRequestBudget(
  burst: number,
  perSecond: number,
  now: () => number = Date.now,
): RequestBudget {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(origin) {
      const time = now();
      const bucket = buckets.get(origin) ?? { tokens: burst, at: time };
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      bucket.at = time;
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      // Forget the oldest origin rather than grow without end (it starts again with a full bucket).
      if (!buckets.has(origin) && buckets.size >= MAX_TRACKED_ORIGINS) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      buckets.set(origin, bucket);
      return true;
    },
  };
}
