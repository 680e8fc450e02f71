// Fixed-window limiter whose counters live in the database, so every instance sharing the
// database shares the limit. Every answer that tells whether a lookupKey exists spends budget:
// lookups (GET: 404 vs record) and writes (POST: 409 vs 200, 404 for a missing oldLookupKey).
// Each kind has its own buckets — a client address and a lookupKey — and its own limits, so a
// sign-up never eats into a login's budget. One upsert per request covers all its buckets.
// Buckets hold the plain client address (or IPv6 /64), and for a lookupKey an HMAC of it under a
// secret that never reaches the database (bucketKeyOf): a lookupKey is a password verifier, and a
// login's lookup of one that has no record (a strengthened account's Hedgehog lookup, a wrong
// password) would otherwise leave it in this table, for whoever reads it, beside no record that
// says so. Hashing the address would hide nothing (IPv4 hashes reverse by trying every address).
// Rows live at most two windows: the pruner deletes every finished window.
import { createHmac, randomBytes } from 'node:crypto';
import type { AuthRecord } from '@encore-wallet/contract';
import type { Store } from '../store/store.ts';

export interface RateLimitOptions {
  /** Length of a window in seconds; default 60. */
  windowSeconds: number;
  /** Lookups one client address may make per window; default 10. */
  perAddress: number;
  /** Lookups of one lookupKey per window, from anywhere; default 10. */
  perLookupKey: number;
  /** Writes (POST /authentication, POST /users) from one client address per window; default 20. */
  writesPerAddress: number;
  /** Writes naming one lookupKey (new or old) per window, from anywhere; default 10. */
  writesPerLookupKey: number;
  /** Requests to the sponsor service (POST /sponsor) from one client address per window; default 60. */
  sponsorPerAddress: number;
  /**
   * The secret a lookupKey's bucket is an HMAC under (at least 32 bytes), shared by every
   * instance on one database so they count one key in one bucket; never stored in the database.
   * Unset: a random one per process (each instance then counts a key's lookups on its own).
   */
  bucketSecret?: Uint8Array;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  windowSeconds: 60,
  perAddress: 10,
  perLookupKey: 10,
  writesPerAddress: 20,
  writesPerLookupKey: 10,
  sponsorPerAddress: 60,
};

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A lookup's decision and its record (read either way; never to be sent when refused). */
export interface LookupDecision {
  decision: RateLimitDecision;
  record: AuthRecord | null;
}

/** How `lookupWith` answers: `error` null and the decision and record, or the error. */
export type LookupDecisionCallback = (
  error: unknown,
  decision: RateLimitDecision | undefined,
  record: AuthRecord | null,
) => void;

export interface RateLimiter {
  /**
   * Spends one lookup (GET /authentication) of `lookupKey` from `address`, and reads its record,
   * asked of the store in one go.
   */
  lookup(address: string, lookupKey: string): Promise<LookupDecision>;
  /**
   * `lookup` answered through `done` (once, never before this call returns), for the lookup fast
   * path: no promise per request.
   */
  lookupWith(address: string, lookupKey: string, done: LookupDecisionCallback): void;
  /** Spends one write from `address` naming each of `lookupKeys` (none for POST /users). */
  checkWrite(address: string, lookupKeys: readonly string[]): Promise<RateLimitDecision>;
  /** Spends one sponsor service request from `address`. */
  checkSponsor(address: string): Promise<RateLimitDecision>;
  /** Deletes finished windows. */
  prune(): Promise<void>;
}

const ALLOWED: RateLimitDecision = { allowed: true };

export function createRateLimiter(
  store: Store,
  options: RateLimitOptions,
  now: () => number = Date.now,
): RateLimiter {
  const keyBucket = bucketKeyOf(options.bucketSecret ?? randomBytes(32));
  const windowMs = options.windowSeconds * 1000;
  const windowStartOf = (ms: number): number => Math.floor(ms / windowMs) * options.windowSeconds;

  /** Allowed unless a count passes its limit (`limits[i]`); then, how long until the window ends. */
  function decide(counts: number[], limits: number[], at: number): RateLimitDecision {
    for (let i = 0; i < counts.length; i++) {
      if ((counts[i] ?? 0) > (limits[i] ?? 0)) {
        const windowEnd = (windowStartOf(at) + options.windowSeconds) * 1000;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - at) / 1000)),
        };
      }
    }
    return ALLOWED;
  }

  /** One hit on each bucket; refused when any count passes its limit. */
  function spend(buckets: string[], limits: number[]): Promise<RateLimitDecision> {
    const at = now();
    return store
      .hitRateLimits(buckets, windowStartOf(at))
      .then((counts) => decide(counts, limits, at));
  }

  const lookupLimits = [options.perAddress, options.perLookupKey];
  const lookupBuckets = (address: string, lookupKey: string): string[] => [
    `a:${address}`,
    `k:${keyBucket(lookupKey)}`,
  ];
  function lookupWith(address: string, lookupKey: string, done: LookupDecisionCallback): void {
    const at = now();
    store.lookupAuthWith(
      lookupBuckets(address, lookupKey),
      windowStartOf(at),
      lookupKey,
      (error, counts, record) => {
        if (error === null && counts !== undefined) {
          done(null, decide(counts, lookupLimits, at), record);
        } else {
          done(error, undefined, null);
        }
      },
    );
  }
  return {
    lookup(address, lookupKey) {
      return new Promise((resolve, reject) => {
        lookupWith(address, lookupKey, (error, decision, record) => {
          if (error === null && decision !== undefined) resolve({ decision, record });
          else reject(error);
        });
      });
    },
    lookupWith,
    checkWrite(address, lookupKeys) {
      const buckets = [`wa:${address}`];
      const limits = [options.writesPerAddress];
      for (const key of lookupKeys) {
        const bucket = `wk:${keyBucket(key)}`;
        // A password change that keeps the lookupKey names it twice: one write, one hit (and one
        // row may be upserted only once per statement).
        if (buckets.includes(bucket)) continue;
        buckets.push(bucket);
        limits.push(options.writesPerLookupKey);
      }
      return spend(buckets, limits);
    },
    checkSponsor(address) {
      return spend([`sp:${address}`], [options.sponsorPerAddress]);
    },
    async prune() {
      await store.pruneRateLimits(windowStartOf(now()));
    },
  };
}

/**
 * A lookupKey's bucket: 128 bits of HMAC-SHA256 under `secret` (plenty to tell keys apart, half
 * the bytes a key would take). Without the secret a bucket verifies no password guess.
 */
function bucketKeyOf(secret: Uint8Array): (lookupKey: string) => string {
  if (secret.length < 32) throw new RangeError('the rate limit bucket secret needs 32 bytes');
  return (lookupKey) =>
    createHmac('sha256', secret).update(lookupKey).digest('base64url').slice(0, 22);
}
