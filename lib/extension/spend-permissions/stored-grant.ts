// One spend permission the listener granted, as the wallet keeps it: the terms the approval
// window showed (parsed from the site's request and completed from the chain), the signed ERC-7710
// delegation and its permission context, and whether it was revoked. JSON-safe (amounts are
// decimal strings of raw units, the salt hex), so it crosses storage and messages as it is.

import { z } from 'zod';

type Hex = `0x${string}`;

/** The token a grant takes: the chain's currency, or an ERC-20 as its contract answered. */
export type StoredGrantToken =
  | { readonly kind: 'native' }
  | {
      readonly kind: 'erc20';
      /** Checksummed. */
      readonly address: string;
      /** null when the contract does not say: show the address instead. */
      readonly symbol: string | null;
      readonly decimals: number;
    };

/** The signed delegation, JSON-safe: what `decodeDelegations(context)` reads back. */
export interface StoredDelegation {
  readonly delegate: Hex;
  readonly delegator: Hex;
  readonly authority: Hex;
  readonly caveats: readonly { readonly enforcer: Hex; readonly terms: Hex; readonly args: Hex }[];
  /** The 256-bit salt, hex. */
  readonly salt: Hex;
  readonly signature: Hex;
}

export interface StoredGrant {
  /** The delegation's hash (`hashDelegation`): what the DelegationManager disables on revoke. */
  readonly id: Hex;
  readonly chainId: number;
  /** The listener's address the grant takes from, checksummed. */
  readonly account: string;
  /** The site that asked for it. */
  readonly origin: string;
  /** The site's session account, the only one that may redeem, checksummed. */
  readonly redeemer: string;
  readonly token: StoredGrantToken;
  /** Raw units per period, decimal. */
  readonly periodAmount: string;
  readonly periodSeconds: number;
  /** Unix seconds: the first period starts here. */
  readonly startTime: number;
  /** Unix seconds: no redemption at or after this. */
  readonly expiry: number;
  /** The most it can take in total, raw units, decimal. */
  readonly maxTotal: string;
  /** The manager that redeems it: the pinned delegate's, never one a site named. */
  readonly delegationManager: string;
  /** The ERC-7710 permission context the site redeems with. */
  readonly context: Hex;
  readonly delegation: StoredDelegation;
  /**
   * The request as granted, in the shape `wallet_requestExecutionPermissions` answered it
   * (without `context`, `dependencies`, `delegationManager`): what
   * `wallet_getGrantedExecutionPermissions` answers again.
   */
  readonly request: Readonly<Record<string, unknown>>;
  /** Unix milliseconds, the wallet's clock. */
  readonly grantedAt: number;
  /** Set once the listener's `disableDelegation` is mined. */
  readonly revoked?: { readonly at: number; readonly txHash: Hex };
}

let schema: z.ZodType<StoredGrant, unknown> | undefined;

/** The stored record's schema, built on first use: a damaged entry reads as no grant. */
export function storedGrantSchema(): z.ZodType<StoredGrant, unknown> {
  schema ??= buildSchema();
  return schema;
}

function buildSchema(): z.ZodType<StoredGrant, unknown> {
  const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>;
  const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<Hex>;
  const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
  const units = z.string().regex(/^(0|[1-9]\d{0,77})$/);
  const seconds = z.number().int().nonnegative();
  const token = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('native') }),
    z.strictObject({
      kind: z.literal('erc20'),
      address,
      symbol: z.string().nullable(),
      decimals: z.number().int().min(0).max(77),
    }),
  ]);
  const delegation = z.strictObject({
    delegate: address as unknown as z.ZodType<Hex>,
    delegator: address as unknown as z.ZodType<Hex>,
    authority: hash,
    caveats: z.array(z.strictObject({ enforcer: hex, terms: hex, args: hex })),
    salt: hex,
    signature: hex,
  });
  return z.strictObject({
    id: hash,
    chainId: z.number().int().positive(),
    account: address,
    origin: z.string().min(1),
    redeemer: address,
    token,
    periodAmount: units,
    periodSeconds: seconds,
    startTime: seconds,
    expiry: seconds,
    maxTotal: units,
    delegationManager: address,
    context: hex,
    delegation,
    request: z.record(z.string(), z.unknown()),
    grantedAt: z.number().int().nonnegative(),
    revoked: z.strictObject({ at: z.number().int().nonnegative(), txHash: hash }).optional(),
  }) as unknown as z.ZodType<StoredGrant, unknown>;
}
