// Which caveat of a grant's delegation is its period's cap: the one whose terms are the grant's
// own (amount, period, start, and the token for an ERC-20), rebuilt with MetaMask's encoders. Its
// enforcer is the contract that keeps count of what the grant has taken.

import {
  createERC20TokenPeriodTransferTerms,
  createNativeTokenPeriodTransferTerms,
} from '@metamask/delegation-core';
import type { CaveatOnChain, GrantOnChain, Hex } from './grant-on-chain.ts';
import { GrantUnreadableError } from './usage-errors.ts';

/** The terms the grant's period enforcer was given, as the delegation carries them. */
export function periodTerms(grant: GrantOnChain): Hex {
  const common = {
    periodAmount: BigInt(grant.periodAmount),
    periodDuration: grant.periodSeconds,
    startDate: grant.startTime,
  };
  return (
    grant.token.kind === 'native'
      ? createNativeTokenPeriodTransferTerms(common)
      : createERC20TokenPeriodTransferTerms({ ...common, tokenAddress: grant.token.address as Hex })
  ).toLowerCase() as Hex;
}

/** The delegation's period caveat; GrantUnreadableError when none has the grant's terms. */
export function periodCaveat(grant: GrantOnChain): CaveatOnChain & { terms: Hex } {
  const terms = periodTerms(grant);
  const found = grant.delegation.caveats.find((caveat) => caveat.terms.toLowerCase() === terms);
  if (!found) throw new GrantUnreadableError(grant.id, 'its delegation has no period cap');
  return { ...found, terms };
}
