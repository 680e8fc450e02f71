// A spend permission's terms in words for the popup's list: the period ("a day", "30 days"),
// amounts in the token's units with its symbol (or its address when the contract gave none),
// and dates in the listener's own locale.

import { formatUnitsExact } from '../../../lib/transactions/index.ts';

const UNITS: readonly [seconds: number, one: string, many: string][] = [
  [7 * 86_400, 'week', 'weeks'],
  [86_400, 'day', 'days'],
  [3_600, 'hour', 'hours'],
  [60, 'minute', 'minutes'],
  [1, 'second', 'seconds'],
];

/** 86400 → "every day", 2592000 → "every 30 days", 1209600 → "every 2 weeks". */
export function periodInWords(seconds: number): string {
  for (const [size, one, many] of UNITS) {
    if (seconds % size !== 0) continue;
    const count = seconds / size;
    return count === 1 ? `every ${one}` : `every ${count} ${many}`;
  }
  return `every ${seconds} seconds`;
}

/** The token of a listed grant, as the list names it. */
export interface GrantTokenWords {
  readonly address: string | null;
  readonly symbol: string | null;
  readonly decimals: number;
}

/** "0.001 ETH"; an ERC-20 without a symbol is named by its contract's short address. */
export function grantAmount(raw: string, token: GrantTokenWords): string {
  const unit =
    token.symbol ??
    (token.address ? `tokens of ${token.address.slice(0, 6)}…${token.address.slice(-4)}` : '');
  return `${formatUnitsExact(BigInt(raw), token.decimals)} ${unit}`.trim();
}

/** Unix seconds as a date (and time) in the listener's locale. */
export function grantDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
