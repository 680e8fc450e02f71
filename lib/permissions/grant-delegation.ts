// The ERC-7710 delegation the wallet signs for a canonical grant, built with MetaMask's own
// wallet-side helpers: @metamask/7715-permission-types' caveat builders (the same terms the
// Smart Accounts Kit's scopes make: the period enforcer plus an exact-calldata or a value cap)
// and @metamask/delegation-core's timestamp terms, root authority and encoding. The kit itself
// is not used here: its builders report each call to MetaMask's analytics unless told not to.

import {
  createErc20TokenPeriodicCaveats,
  createNativeTokenPeriodicCaveats,
} from '@metamask/7715-permission-types';
import {
  type Caveat,
  createTimestampTerms,
  type Delegation,
  encodeDelegations,
  ROOT_AUTHORITY,
} from '@metamask/delegation-core';
import type { CanonicalGrant } from './canonical-grant.ts';

type Hex = `0x${string}`;

/** The enforcers a periodic grant is made of, by the names the kit's environment gives them. */
export interface GrantEnforcers {
  readonly NativeTokenPeriodTransferEnforcer: string;
  readonly ERC20PeriodTransferEnforcer: string;
  readonly ExactCalldataEnforcer: string;
  readonly ValueLteEnforcer: string;
  readonly TimestampEnforcer: string;
}

export type GrantDelegation = Delegation<Hex>;

function periodCaveats(grant: CanonicalGrant, enforcers: GrantEnforcers): Caveat<Hex>[] {
  const common = {
    periodAmount: `0x${grant.periodAmount.toString(16)}` as Hex,
    periodDuration: grant.periodSeconds,
    startTime: grant.start,
    justification: '',
  };
  const caveats =
    grant.token.kind === 'native'
      ? createNativeTokenPeriodicCaveats({
          permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: common },
          contracts: {
            nativeTokenPeriodTransferEnforcer: enforcers.NativeTokenPeriodTransferEnforcer as Hex,
            exactCalldataEnforcer: enforcers.ExactCalldataEnforcer as Hex,
          },
        })
      : createErc20TokenPeriodicCaveats({
          permission: {
            type: 'erc20-token-periodic',
            isAdjustmentAllowed: false,
            data: { ...common, tokenAddress: grant.token.address as Hex },
          },
          contracts: {
            erc20PeriodTransferEnforcer: enforcers.ERC20PeriodTransferEnforcer as Hex,
            valueLteEnforcer: enforcers.ValueLteEnforcer as Hex,
          },
        });
  return caveats as Caveat<Hex>[];
}

/**
 * The unsigned delegation from the listener to the site's session account: the period's cap
 * from the start, and no redemption at or after the expiry. `salt` keeps two grants with the
 * same terms apart (revoking one leaves the other); take it from a random source.
 */
export function buildGrantDelegation(
  grant: CanonicalGrant,
  enforcers: GrantEnforcers,
  salt: bigint,
): GrantDelegation {
  const expiry: Caveat<Hex> = {
    enforcer: enforcers.TimestampEnforcer as Hex,
    terms: createTimestampTerms({
      afterThreshold: 0,
      beforeThreshold: grant.expiry,
    }),
    args: '0x',
  };
  return {
    delegate: grant.redeemer as Hex,
    delegator: grant.from as Hex,
    authority: ROOT_AUTHORITY,
    caveats: [...periodCaveats(grant, enforcers), expiry],
    salt,
    signature: '0x',
  };
}

/** A random 256-bit salt from WebCrypto. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`);
}

/**
 * The EIP-712 typed data the listener's key signs for `delegation`: the DelegationManager's
 * domain on `chainId` (what binds the grant to one chain and one manager).
 */
export function delegationTypedData(
  delegation: GrantDelegation,
  chainId: number,
  delegationManager: string,
) {
  return {
    domain: {
      name: 'DelegationManager',
      version: '1',
      chainId,
      verifyingContract: delegationManager,
    },
    types: {
      Delegation: [
        { name: 'delegate', type: 'address' },
        { name: 'delegator', type: 'address' },
        { name: 'authority', type: 'bytes32' },
        { name: 'caveats', type: 'Caveat[]' },
        { name: 'salt', type: 'uint256' },
      ],
      Caveat: [
        { name: 'enforcer', type: 'address' },
        { name: 'terms', type: 'bytes' },
      ],
    },
    primaryType: 'Delegation' as const,
    message: {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
      salt: delegation.salt,
    },
  };
}

/** The ERC-7710 permission context the site redeems with: the signed delegation, encoded. */
export function permissionContext(signed: GrantDelegation): Hex {
  return encodeDelegations([signed]) as Hex;
}
