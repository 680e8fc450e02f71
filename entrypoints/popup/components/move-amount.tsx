import type { JSX } from 'preact';
import {
  formatNative,
  formatNativeRounded,
  formatTokenAmount,
  type NativeCurrency,
} from '../../../lib/transactions/index.ts';

/**
 * An amount in the popup's number format (five significant digits, as the balance shows it), with
 * the exact amount in its title and, for the chain's currency, the wei in `data-wei`. `up`: a
 * maximum, never understated.
 */
export function NativeAmount(props: {
  wei: bigint;
  currency: NativeCurrency;
  up?: boolean;
  testId?: string;
}): JSX.Element {
  return (
    <strong
      title={formatNative(props.wei, props.currency)}
      data-wei={props.wei.toString()}
      data-testid={props.testId}
    >
      {formatNativeRounded(props.wei, props.currency, props.up ? 'up' : 'nearest')}
    </strong>
  );
}

/** A token amount the same way; raw units when the token's decimals are unknown. */
export function TokenAmount(props: {
  raw: bigint;
  token: { readonly decimals: number | null; readonly symbol: string | null };
}): JSX.Element {
  const { raw, token } = props;
  return (
    <strong title={formatTokenAmount(raw, token)}>
      {token.decimals === null
        ? formatTokenAmount(raw, token)
        : formatNativeRounded(raw, { symbol: token.symbol ?? 'tokens', decimals: token.decimals })}
    </strong>
  );
}
