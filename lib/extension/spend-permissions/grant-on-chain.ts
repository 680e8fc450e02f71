// What the chain reads of a grant need from the wallet's record of it: the delegation the
// listener signed (its hash is the grant's id on chain; its caveats name the period enforcer and
// its terms) and the manager that redeems it. The grant store's records carry all of it.

type Hex = `0x${string}`;

/** A caveat as the signed delegation carries it. */
export interface CaveatOnChain {
  readonly enforcer: string;
  readonly terms: string;
  readonly args: string;
}

/** The signed delegation, JSON-safe (the salt as a decimal or hex string). */
export interface DelegationOnChain {
  readonly delegate: string;
  readonly delegator: string;
  readonly authority: string;
  readonly caveats: readonly CaveatOnChain[];
  readonly salt: string;
  readonly signature: string;
}

/** The token a grant moves, as the wallet recorded it from the chain. */
export type GrantTokenOnChain =
  | { readonly kind: 'native' }
  | { readonly kind: 'erc20'; readonly address: string };

/** The part of a stored grant the chain reads use. */
export interface GrantOnChain {
  /** The delegation's hash. */
  readonly id: string;
  readonly chainId: number;
  readonly token: GrantTokenOnChain;
  /** Raw units per period, a decimal string. */
  readonly periodAmount: string;
  readonly periodSeconds: number;
  readonly startTime: number;
  readonly expiry: number;
  readonly delegationManager: string;
  readonly delegation: DelegationOnChain;
}

export type { Hex };
