// The delegation the wallet builds for a grant carries the very caveats the Smart Accounts Kit's
// own scopes make for the same terms (so a site's kit reads and redeems it as its own), plus the
// expiry; and its typed data is the kit's.

import {
  createDelegation,
  ROOT_AUTHORITY,
  ScopeType,
  type SmartAccountsEnvironment,
} from '@metamask/smart-accounts-kit';
import { SIGNABLE_DELEGATION_TYPED_DATA } from '@metamask/smart-accounts-kit/utils';
import { describe, expect, it } from 'vitest';
import {
  buildGrantDelegation,
  delegationTypedData,
  parsePermissionRequest,
} from '../../../lib/permissions/index.ts';
import { context, DAY, erc20Request, FRAMEWORK, NOW, nativeRequest, TOKEN } from './support.ts';

const environment: SmartAccountsEnvironment = {
  DelegationManager: FRAMEWORK.delegationManager,
  EntryPoint: '0x0000000000000000000000000000000000000001',
  SimpleFactory: '0x0000000000000000000000000000000000000000',
  implementations: {},
  caveatEnforcers: { ...FRAMEWORK.caveatEnforcers },
};
/** What the listener signs of each caveat (its `args` are the redeemer's, given at redemption). */
const signed = (caveats: readonly { enforcer: string; terms: string }[]) =>
  caveats.map(({ enforcer, terms }) => ({ enforcer, terms }));
/** The same caveats in any order: each enforcer checks its own terms, whatever its place. */
const caveatSet = (caveats: readonly { enforcer: string; terms: string }[]) =>
  signed(caveats).sort((a, b) => a.enforcer.localeCompare(b.enforcer));
const expiryCaveat = { type: 'timestamp', afterThreshold: 0, beforeThreshold: NOW + 30 * DAY };

describe('the delegation built for a grant', () => {
  it("native-token-periodic: the kit's NativeTokenPeriodTransfer scope, plus the expiry", async () => {
    const grant = await parsePermissionRequest(nativeRequest(), context());
    const built = buildGrantDelegation(grant, FRAMEWORK.caveatEnforcers, 7n);
    const kit = createDelegation({
      environment,
      scope: {
        type: ScopeType.NativeTokenPeriodTransfer,
        periodAmount: grant.periodAmount,
        periodDuration: DAY,
        startDate: NOW,
      },
      from: grant.from as `0x${string}`,
      to: grant.redeemer as `0x${string}`,
      caveats: [expiryCaveat as never],
      salt: '0x07',
    });
    expect(caveatSet(built.caveats)).toEqual(caveatSet(kit.caveats));
    expect(built).toMatchObject({
      delegate: grant.redeemer,
      delegator: grant.from,
      authority: ROOT_AUTHORITY,
      salt: 7n,
      signature: '0x',
    });
  });

  it("erc20-token-periodic: the kit's Erc20PeriodTransfer scope, plus the expiry", async () => {
    const grant = await parsePermissionRequest(erc20Request(), context());
    const built = buildGrantDelegation(grant, FRAMEWORK.caveatEnforcers, 1n);
    const kit = createDelegation({
      environment,
      scope: {
        type: ScopeType.Erc20PeriodTransfer,
        tokenAddress: TOKEN,
        periodAmount: grant.periodAmount,
        periodDuration: DAY,
        startDate: NOW,
      },
      from: grant.from as `0x${string}`,
      to: grant.redeemer as `0x${string}`,
      caveats: [expiryCaveat as never],
    });
    expect(caveatSet(built.caveats)).toEqual(caveatSet(kit.caveats));
  });

  it("is signed as the kit's typed data, under the DelegationManager's domain on the grant's chain", async () => {
    const grant = await parsePermissionRequest(nativeRequest(), context());
    const built = buildGrantDelegation(grant, FRAMEWORK.caveatEnforcers, 9n);
    const ours = delegationTypedData(built, 31337, FRAMEWORK.delegationManager);
    expect(ours.domain).toEqual({
      name: 'DelegationManager',
      version: '1',
      chainId: 31337,
      verifyingContract: FRAMEWORK.delegationManager,
    });
    expect(ours.types).toEqual(SIGNABLE_DELEGATION_TYPED_DATA);
    expect(ours.message.caveats).toEqual(signed(built.caveats));
  });
});
