// Native currencies whose symbol a person already knows, with the decimals that symbol always has.
// A site's wallet_addEthereumChain (and a stored added chain) that names one of these symbols with
// other decimals is refused: an "ETH" of 36 decimals would show a send of 1 ETH as 10^-18 ETH and
// make the default daily limit, counted in its smallest unit, no limit at all.

import { ETHER_DECIMALS } from '../../transactions/index.ts';

/** Symbol (upper case) → its decimals. Any symbol ending in "ETH" counts as ether too. */
const WELL_KNOWN: ReadonlyMap<string, number> = new Map([
  ['ETH', 18],
  ['POL', 18],
  ['MATIC', 18],
  ['BNB', 18],
  ['AVAX', 18],
  ['XDAI', 18],
  ['FTM', 18],
  ['CELO', 18],
  ['GLMR', 18],
  ['CRO', 18],
  ['MNT', 18],
]);

/** The decimals a native currency named `symbol` must have, or null for a symbol not listed. */
export function requiredDecimals(symbol: string): number | null {
  const upper = symbol.toUpperCase();
  return WELL_KNOWN.get(upper) ?? (upper.endsWith('ETH') ? 18 : null);
}

/** Ether's decimals: what a person expects, and what the window states plainly when it differs. */
export const USUAL_DECIMALS = ETHER_DECIMALS;
