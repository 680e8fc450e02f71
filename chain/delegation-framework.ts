// MetaMask's Delegation Framework (ERC-7710) on the local chain: the DelegationManager that
// redeems a listener's signed delegations, and the caveat enforcers Encore's spend permissions
// are made of. Byte for byte the audited contracts' creation code as MetaMask publishes it in
// @metamask/delegation-abis (the same package the Smart Accounts Kit deploys from), put through
// the deterministic deployer so each lands at the same address on every fresh local chain.
import {
  DelegationManager,
  ERC20PeriodTransferEnforcer,
  ExactCalldataEnforcer,
  NativeTokenPeriodTransferEnforcer,
  TimestampEnforcer,
  ValueLteEnforcer,
} from '@metamask/delegation-abis/bytecode';
import { AbiCoder, concat, Wallet } from 'ethers';
import { deployDeterministicAll } from './deterministic-deployer.ts';

/** The CREATE2 salt of Encore's local deployment ("encore delegation framework 1.3.0"). */
export const DELEGATION_FRAMEWORK_SALT =
  '0x656e636f72652064656c65676174696f6e206672616d65776f726b20312e332e' as const;

/** Where the framework's contracts live on a chain: what a spend permission refers to. */
export interface DelegationFramework {
  /** Checks each delegation's signature, enforcers and revocation, then runs it on the delegator. */
  readonly delegationManager: `0x${string}`;
  /** The caveat enforcers, by the names the Smart Accounts Kit gives them. */
  readonly caveatEnforcers: {
    /** Native token: at most an amount per period, from a start date. */
    readonly NativeTokenPeriodTransferEnforcer: `0x${string}`;
    /** One ERC-20 token's `transfer`: at most an amount per period, from a start date. */
    readonly ERC20PeriodTransferEnforcer: `0x${string}`;
    /** The call data must be exactly this (the kit pins a native transfer's to empty). */
    readonly ExactCalldataEnforcer: `0x${string}`;
    /** The value sent must be at most this (the kit pins an ERC-20 grant's to 0). */
    readonly ValueLteEnforcer: `0x${string}`;
    /** Not before, not after: a grant's expiry. */
    readonly TimestampEnforcer: `0x${string}`;
  };
}

/**
 * Deploys the DelegationManager (owned by `privateKey`'s account, which may pause it) and the
 * enforcers, or finds them already there. Resolves once each holds code.
 */
export async function deployDelegationFramework(
  rpcUrl: string,
  privateKey: string,
): Promise<DelegationFramework> {
  const owner = new Wallet(privateKey).address;
  const manager = concat([
    DelegationManager,
    AbiCoder.defaultAbiCoder().encode(['address'], [owner]),
  ]);
  const [delegationManager, nativePeriod, erc20Period, exactCalldata, valueLte, timestamp] =
    await deployDeterministicAll(rpcUrl, privateKey, DELEGATION_FRAMEWORK_SALT, [
      manager as `0x${string}`,
      NativeTokenPeriodTransferEnforcer,
      ERC20PeriodTransferEnforcer,
      ExactCalldataEnforcer,
      ValueLteEnforcer,
      TimestampEnforcer,
    ]);
  return {
    delegationManager: delegationManager as `0x${string}`,
    caveatEnforcers: {
      NativeTokenPeriodTransferEnforcer: nativePeriod as `0x${string}`,
      ERC20PeriodTransferEnforcer: erc20Period as `0x${string}`,
      ExactCalldataEnforcer: exactCalldata as `0x${string}`,
      ValueLteEnforcer: valueLte as `0x${string}`,
      TimestampEnforcer: timestamp as `0x${string}`,
    },
  };
}
