// The grant store as the popup's list and revoke use it: the listener's grants on a chain, and
// the mark that one was revoked on chain. The store (grant-store) keeps more; this is the part
// read here, so the list and revoke depend on nothing else of it.

import type { GrantOnChain } from './grant-on-chain.ts';

/** A token as the wallet recorded it when the grant was made (from the chain, not the site). */
export type RecordedToken =
  | { readonly kind: 'native' }
  | {
      readonly kind: 'erc20';
      readonly address: string;
      /** null when the contract did not say: the address is shown instead. */
      readonly symbol: string | null;
      readonly decimals: number;
    };

export interface GrantRecord extends GrantOnChain {
  /** The listener's address. */
  readonly account: string;
  /** The site that asked, from the sender. */
  readonly origin: string;
  /** The site's session account, the only one that may redeem. */
  readonly redeemer: string;
  readonly token: RecordedToken;
  /** The most it can take in total, raw units, a decimal string. */
  readonly maxTotal: string;
  /** Unix milliseconds. */
  readonly grantedAt: number;
  readonly revoked?: { readonly at: number; readonly txHash: string };
}

export interface GrantRecords {
  /** Every grant the listener made on the chain, revoked ones included. */
  list(account: string, chainId: number): Promise<readonly GrantRecord[]>;
  /** Marks a grant revoked once the chain says it is disabled. */
  markRevoked(
    account: string,
    chainId: number,
    id: string,
    revoked: { at: number; txHash: string },
  ): Promise<void>;
}
