// What the value card lists: every non-zero amount the wallet holds, the chain's currency first,
// as a person reads it (rounded to five significant digits; a token's symbol beside its address,
// since a symbol is only the contract's claim).
import type { Holdings } from '../../../lib/extension/value/index.ts';
import { formatNativeRounded, shortAddress } from '../../../lib/transactions/index.ts';

export interface ValueLine {
  key: string;
  amount: string;
  /** "on Local development", or the token's contract and chain. */
  where: string;
}

/** At most this many lines; the rest are counted in one. */
const MAX_LINES = 6;

export function valueLines(holdings: Holdings): { lines: ValueLine[]; more: number } {
  const lines: ValueLine[] = [];
  for (const { chain, native, tokens } of holdings.chains) {
    if (native && native.wei !== '0') {
      lines.push({
        key: `${chain.id}`,
        amount: formatNativeRounded(BigInt(native.wei), native),
        where: `on ${chain.name}`,
      });
    }
    for (const token of tokens) {
      if (token.balance === null || token.balance === '0') continue;
      lines.push({
        key: `${chain.id}:${token.address}`,
        amount: formatNativeRounded(BigInt(token.balance), {
          symbol: token.symbol ?? 'tokens',
          decimals: token.decimals,
        }),
        where: `${shortAddress(token.address)} on ${chain.name}`,
      });
    }
  }
  return { lines: lines.slice(0, MAX_LINES), more: Math.max(0, lines.length - MAX_LINES) };
}
