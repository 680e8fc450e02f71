// When the popup shows the value card. A chain is over its threshold when the account holds at
// least the threshold of the chain's currency there (tokens have no price in Encore, so they are
// listed, not counted). The card shows while some chain is over, unless the person dismissed it:
// then it comes back only once a chain over its threshold holds at least a quarter more than when
// it was dismissed (or a chain that was not over then is over now). Value that stays where it was,
// or drops and climbs back, does not bring it back.

import type { Holdings, HoldingsChain } from './types.ts';

export interface OverThreshold {
  chain: HoldingsChain;
  /** What the account holds of the chain's currency, wei. */
  wei: string;
  /** The chain's threshold, wei. */
  threshold: string;
}

/** Chain id (decimal) → the wei held there when the card was dismissed. */
export type DismissedLevels = Readonly<Record<string, string>>;

/** The growth since dismissal that brings the card back: ×5/4, a quarter more. */
const BACK_NUMERATOR = 5n;
const BACK_DENOMINATOR = 4n;

/** The chains whose currency held is at or over their threshold. */
export function overThreshold(
  holdings: Holdings,
  thresholdOf: (chain: HoldingsChain) => bigint,
): OverThreshold[] {
  return holdings.chains.flatMap(({ chain, native }) => {
    if (!native) return [];
    const threshold = thresholdOf(chain);
    const wei = BigInt(native.wei);
    return wei > 0n && wei >= threshold
      ? [{ chain, wei: native.wei, threshold: threshold.toString() }]
      : [];
  });
}

/** True when a chain over its threshold was not over when dismissed, or has grown by a quarter since. */
export function showCard(over: readonly OverThreshold[], dismissed: DismissedLevels): boolean {
  return over.some(({ chain, wei }) => {
    const level = dismissed[String(chain.id)];
    if (level === undefined) return true;
    return BigInt(wei) * BACK_DENOMINATOR >= BigInt(level) * BACK_NUMERATOR;
  });
}

/** What dismissing records: the level of each chain over its threshold, kept over earlier ones. */
export function dismissLevels(
  previous: DismissedLevels,
  over: readonly OverThreshold[],
): Record<string, string> {
  const next: Record<string, string> = { ...previous };
  for (const { chain, wei } of over) next[String(chain.id)] = wei;
  return next;
}
