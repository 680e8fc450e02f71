// The delegate Encore ships, pinned per chain: the only address it ever signs an EIP-7702
// authorization for, with the code hash the chain must hold there and the EntryPoint that
// delegate trusts. The table comes from the build (WXT_DELEGATES, as RPC URLs do), never from
// a site, a sponsor or stored settings. No public chain carries the delegate yet, so a build
// without WXT_DELEGATES knows none: sponsored and atomic batches are then unsupported.
import { z } from 'zod';
import { NoPinnedDelegateError } from './errors.ts';
import { type Address, addressSchema, bytes32Schema, type Hex } from './schemas.ts';

export interface PinnedDelegate {
  readonly chainId: number;
  /** Where Encore's account contract (chain/contracts/EncoreAccount.sol) lives, checksummed. */
  readonly address: Address;
  /** keccak256 of its runtime code, lower case: what the chain must hold at `address`. */
  readonly codeHash: Hex;
  /** The ERC-4337 EntryPoint the delegate was deployed for (an immutable in its code). */
  readonly entryPoint: Address;
  /**
   * The ERC-7710 DelegationManager the delegate accepts redemptions from (an immutable in its
   * code): the only manager a spend permission is ever built for, never one a site names.
   */
  readonly delegationManager: Address;
  /**
   * The Delegation Framework's caveat enforcers on this chain that a spend permission is made of
   * (by the names MetaMask's Smart Accounts Kit gives them): the chain enforces a grant's cap,
   * start and expiry only through these, so they come from the build too.
   */
  readonly caveatEnforcers: PinnedCaveatEnforcers;
}

/** The enforcers a periodic spend permission is made of, checksummed. */
export interface PinnedCaveatEnforcers {
  readonly NativeTokenPeriodTransferEnforcer: Address;
  readonly ERC20PeriodTransferEnforcer: Address;
  readonly ExactCalldataEnforcer: Address;
  readonly ValueLteEnforcer: Address;
  readonly TimestampEnforcer: Address;
}

export type DelegateTable = ReadonlyMap<number, PinnedDelegate>;

/** Chains with a delegate a build may name; more is a mistake, not a configuration. */
const MAX_CHAINS = 64;

const entrySchema = z.lazy(() =>
  z.strictObject({
    address: addressSchema,
    codeHash: bytes32Schema,
    entryPoint: addressSchema,
    delegationManager: addressSchema,
    caveatEnforcers: z.strictObject({
      NativeTokenPeriodTransferEnforcer: addressSchema,
      ERC20PeriodTransferEnforcer: addressSchema,
      ExactCalldataEnforcer: addressSchema,
      ValueLteEnforcer: addressSchema,
      TimestampEnforcer: addressSchema,
    }),
  }),
);

const tableSchema = z.lazy(() =>
  z
    .record(z.string().regex(/^[1-9]\d{0,15}$/), entrySchema)
    .refine((table) => Object.keys(table).length <= MAX_CHAINS),
);

/**
 * The table a build's JSON names (`{"31337":{"address","codeHash","entryPoint","delegationManager","caveatEnforcers"}}`). A malformed
 * value is ignored entirely, as a malformed WXT_RPC_URLS is: no entry is better than a wrong one.
 */
export function readDelegateTable(json: string | undefined): DelegateTable {
  if (!json) return new Map();
  let parsed: z.infer<typeof tableSchema>;
  try {
    const result = tableSchema.safeParse(JSON.parse(json));
    if (!result.success) return new Map();
    parsed = result.data;
  } catch {
    return new Map();
  }
  return new Map(
    Object.entries(parsed).flatMap(([key, entry]) => {
      const chainId = Number(key);
      return Number.isSafeInteger(chainId) ? [[chainId, { chainId, ...entry }] as const] : [];
    }),
  );
}

/** The delegate pinned for `chainId`; NoPinnedDelegateError when the build names none. */
export function pinnedDelegate(table: DelegateTable, chainId: number): PinnedDelegate {
  const pinned = table.get(chainId);
  if (!pinned) throw new NoPinnedDelegateError(chainId);
  return pinned;
}
