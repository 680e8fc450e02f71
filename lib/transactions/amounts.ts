// Amounts as people read them: raw units turned into the token's or the chain's units, never
// rounded away (a dust amount stays visible), with the unit named.

/** The approval amount from which an allowance is "unlimited" (2^255: the usual max-uint values). */
/** Ether's decimals: what a person expects, and what the windows state plainly when it differs. */
export const ETHER_DECIMALS = 18;

export const UNLIMITED_APPROVAL = 2n ** 255n;
/** The approval amount from which an allowance is "very large", whatever the token's supply. */
export const LARGE_APPROVAL = 2n ** 128n;

/**
 * "1.5", "0.000000000000000001", "1200", "-0.25": every digit kept, no trailing zeros. (Plain
 * bigint arithmetic: the approval window shows amounts without loading a crypto library.)
 */
export function formatUnitsExact(raw: bigint, decimals: number): string {
  const sign = raw < 0n ? '-' : '';
  const abs = raw < 0n ? -raw : raw;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * "0.002" in units of `decimals` → raw units (2000000000000000 for 18), exactly; null for text
 * that is not a plain non-negative decimal or has more fractional digits than the unit has.
 */
export function parseUnitsExact(text: string, decimals: number): bigint | null {
  const match = /^([0-9]+)(?:\.([0-9]*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  return (
    BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0') || '0')
  );
}

/** An amount with its unit; without decimals the raw number and what it is. */
export function formatTokenAmount(
  raw: bigint,
  token: { readonly decimals: number | null; readonly symbol: string | null },
): string {
  const unit = token.symbol ?? 'tokens';
  if (token.decimals === null) return `${raw.toString()} (raw units of ${unit}; decimals unknown)`;
  return `${formatUnitsExact(raw, token.decimals)} ${unit}`;
}

/** The chain's currency: wei to ETH (or the chain's symbol) with 18 decimals. */
export function formatNative(wei: bigint, currency: NativeCurrency): string {
  return `${formatUnitsExact(wei, currency.decimals)} ${currency.symbol}`;
}

/**
 * An amount of the chain's currency to `digits` significant digits, for fees and balances that
 * are estimates anyway: rounded to nearest, or up (a maximum is never understated).
 */
export function formatNativeRounded(
  wei: bigint,
  currency: NativeCurrency,
  direction: 'nearest' | 'up' = 'nearest',
  digits = 5,
): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const drop = abs.toString().length - digits;
  if (drop <= 0) return formatNative(wei, currency);
  const factor = 10n ** BigInt(drop);
  const up = direction === 'up' && !negative ? abs % factor !== 0n : false;
  const kept =
    direction === 'nearest' ? (abs + factor / 2n) / factor : abs / factor + (up ? 1n : 0n);
  return formatNative((negative ? -kept : kept) * factor, currency);
}

export interface NativeCurrency {
  readonly symbol: string;
  readonly decimals: number;
}

/** `0x1234…abcd`: for sentences; the window shows whole addresses where the person checks them. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
