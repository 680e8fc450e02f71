// The value above which the popup says a password wallet is a weak lock for what it holds, per
// chain, in the chain's own currency. The person's setting, else the integrator's build
// (WXT_VALUE_THRESHOLDS), else DEFAULT_VALUE_THRESHOLD. Why the default is what it is:
// docs/wallet-core.md ("When the value grows"). Tokens have no price here, so only the chain's
// currency is compared: tokens are listed beside it, not counted.

import { z } from 'zod';
import { parseUnitsExact } from '../../transactions/index.ts';
import type { ChainCurrency } from './chains.ts';

declare global {
  interface ImportMetaEnv {
    /**
     * JSON `{ "<chainId>": "<amount>", "*": "<amount>" }`: the value thresholds a build starts
     * with, in each chain's currency ("0.5"); "*" for every chain not named. Malformed entries
     * are ignored (the default stands).
     */
    readonly WXT_VALUE_THRESHOLDS?: string;
  }
}

/** Half a unit of the chain's currency (0.5 ETH): see docs/wallet-core.md for why. */
export const DEFAULT_VALUE_THRESHOLD = '0.5';

/** A threshold as stored: wei (the chain's smallest unit), decimal, at least 1, at most 10^40. */
const WEI = /^[1-9][0-9]{0,39}$/;

/** Chain id (decimal) → the person's threshold there in wei; chains without an entry use the default. */
export const valueThresholdsSchema = z.lazy(() =>
  z.record(
    z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a chain id'),
    z.string().regex(WEI, 'Enter an amount above 0'),
  ),
);

const AMOUNT = /^[0-9]{1,40}(\.[0-9]{1,40})?$/;

let parsedBuild: { json: string | undefined; amounts: Record<string, string> } | undefined;

/** The build's amounts by chain id (or "*"), each checked; the rest ignored. */
function buildAmounts(json: string | undefined): Record<string, string> {
  if (parsedBuild && parsedBuild.json === json) return parsedBuild.amounts;
  const amounts: Record<string, string> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) {
        if ((key === '*' || /^[1-9][0-9]{0,15}$/.test(key)) && typeof value === 'string') {
          if (AMOUNT.test(value.trim())) amounts[key] = value.trim();
        }
      }
    }
  } catch {
    // A malformed build value is ignored entirely.
  }
  parsedBuild = { json, amounts };
  return amounts;
}

/** The threshold a chain has before the person sets one: the build's, else the default. */
export function defaultValueThreshold(chainId: number, currency: ChainCurrency): bigint {
  const build = buildAmounts(import.meta.env.WXT_VALUE_THRESHOLDS);
  for (const amount of [build[String(chainId)], build['*']]) {
    const wei = amount === undefined ? null : parseUnitsExact(amount, currency.decimals);
    if (wei !== null && wei > 0n) return wei;
  }
  return parseUnitsExact(DEFAULT_VALUE_THRESHOLD, currency.decimals) ?? 1n;
}

/** The threshold in force on `chainId`, in wei: the person's, or the default. */
export function valueThresholdFor(
  settings: { valueThresholds: Readonly<Record<string, string>> },
  chainId: number,
  currency: ChainCurrency,
): bigint {
  const own = settings.valueThresholds[String(chainId)];
  return own !== undefined ? BigInt(own) : defaultValueThreshold(chainId, currency);
}
