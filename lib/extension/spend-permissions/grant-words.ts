// A spend permission's terms in the words the approval window and the popup use: the period
// ("a month", "every 3 days"), an amount in the token's units and symbol (the chain's answers;
// a token without a readable symbol is named by its address), and a date.

import { formatUnitsExact } from '../../transactions/index.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const NAMED: Readonly<Record<number, string>> = {
  [30 * DAY]: 'a month',
  [7 * DAY]: 'a week',
  [DAY]: 'a day',
  [HOUR]: 'an hour',
};

const every = (count: number, unit: string): string =>
  `every ${count} ${unit}${count === 1 ? '' : 's'}`;

/** What follows an amount: "a month" for 30 days, else "every N days/hours/minutes/seconds". */
export function periodInWords(seconds: number): string {
  const named = NAMED[seconds];
  if (named) return named;
  if (seconds % DAY === 0) return every(seconds / DAY, 'day');
  if (seconds % HOUR === 0) return every(seconds / HOUR, 'hour');
  if (seconds % MINUTE === 0) return every(seconds / MINUTE, 'minute');
  return every(seconds, 'second');
}

/** The token as a grant names it (the chain's currency, or an ERC-20 as its contract answered). */
export type GrantTokenWords =
  | { readonly kind: 'native'; readonly symbol: string; readonly decimals: number }
  | {
      readonly kind: 'erc20';
      readonly address: string;
      readonly symbol: string | null;
      readonly decimals: number;
    };

/** Raw units in the token's own units: "0.001 ETH", "5 DEMO", "5 of the token 0x…". */
export function grantAmount(raw: string | bigint, token: GrantTokenWords): string {
  const amount = formatUnitsExact(BigInt(raw), token.decimals);
  if (token.kind === 'erc20' && token.symbol === null) {
    return `${amount} of the token ${token.address}`;
  }
  return `${amount} ${token.symbol}`;
}

/** A unix time in seconds as a date and time in the person's locale. */
export function grantDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
