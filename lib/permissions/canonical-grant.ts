// The one form of a spend permission that the approval window shows and the wallet signs: every
// field parsed from the site's request, checked, and completed from the chain (the token's
// symbol and decimals are the contract's answers, never the site's word).

/** The chain's own currency: its symbol and decimals are the wallet's, not the site's. */
export interface NativeGrantToken {
  readonly kind: 'native';
  readonly symbol: string;
  readonly decimals: number;
}

/** An ERC-20 token, as its contract answered on this chain. */
export interface Erc20GrantToken {
  readonly kind: 'erc20';
  /** Checksummed. */
  readonly address: string;
  /** null when the contract does not say: the window shows the address instead. */
  readonly symbol: string | null;
  readonly decimals: number;
}

export type GrantToken = NativeGrantToken | Erc20GrantToken;

export type PeriodicPermissionType = 'native-token-periodic' | 'erc20-token-periodic';

export interface CanonicalGrant {
  readonly type: PeriodicPermissionType;
  readonly chainId: number;
  /** The site that asked (from the sender, never the request). */
  readonly origin: string;
  /** The listener's address, which the grant takes from (checksummed). */
  readonly from: string;
  /** The site's session account, the only one that may redeem (checksummed). */
  readonly redeemer: string;
  readonly token: GrantToken;
  /** Raw units per period, 1 to 2^256 - 1. */
  readonly periodAmount: bigint;
  readonly periodSeconds: number;
  /** Unix seconds: the first period starts here. */
  readonly start: number;
  /** Unix seconds: no redemption at or after this. */
  readonly expiry: number;
  /** How many periods can still be redeemed in, from now to the expiry. */
  readonly periods: number;
  /** The most the grant can take in total: `periodAmount` times `periods`. */
  readonly maxTotal: bigint;
  /** The site's own words about why, shown as the site's. */
  readonly justification: string | null;
}
