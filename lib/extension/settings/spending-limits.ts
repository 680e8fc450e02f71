// The daily spending limit of each chain: what the person set in the options page, or the
// default. The default fits a low-value wallet: 0.002 of the chain's currency a day (a few
// dollars of ether), and no limit on the local development chain, whose ether is free. A stored
// value that cannot be read falls back to these defaults, never to "no limit".

import type { SpendingLimit } from '../../transactions/index.ts';
import type { ChainCurrency } from './chains.ts';

/** The chain where ether costs nothing: no limit unless the person sets one. */
const LOCAL_CHAIN_ID = 31337;
/** Thousandths of the chain's currency a day: 2 → 0.002 ETH. */
const DEFAULT_DAILY_THOUSANDTHS = 2n;

export function defaultSpendingLimit(chainId: number, currency: ChainCurrency): SpendingLimit {
  if (chainId === LOCAL_CHAIN_ID) return { kind: 'unlimited' };
  const unit = 10n ** BigInt(currency.decimals);
  return { kind: 'daily', wei: ((DEFAULT_DAILY_THOUSANDTHS * unit) / 1000n).toString() };
}

/** The limit in force on `chainId`: the person's, or the default. */
export function spendingLimitFor(
  settings: { spendingLimits: Readonly<Record<string, SpendingLimit>> },
  chainId: number,
  currency: ChainCurrency,
): SpendingLimit {
  return settings.spendingLimits[String(chainId)] ?? defaultSpendingLimit(chainId, currency);
}
