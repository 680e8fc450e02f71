import type { RateLimitOptions } from '@encore-wallet/server';

/**
 * Limits no test reaches, for suites where the limiter must not get in the way (it has suites of
 * its own): the window stays the default.
 */
export const NO_RATE_LIMIT: Partial<RateLimitOptions> = {
  perAddress: 1_000_000,
  perLookupKey: 1_000_000,
  writesPerAddress: 1_000_000,
  writesPerLookupKey: 1_000_000,
};
