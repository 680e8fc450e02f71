// The record the worker keeps once the listener approved a grant and their key signed its
// delegation: the canonical terms the window showed, made JSON-safe, under the delegation's hash.

import { hashDelegation } from '@metamask/delegation-core';
import type { CanonicalGrant, GrantDelegation } from '../../permissions/index.ts';
import type { StoredGrant, StoredGrantToken } from './stored-grant.ts';

type Hex = `0x${string}`;

export interface GrantRecordInput {
  readonly grant: CanonicalGrant;
  /** The delegation with the listener's signature. */
  readonly signed: GrantDelegation;
  readonly context: Hex;
  /** The pinned DelegationManager the delegation was signed for. */
  readonly delegationManager: string;
  /** The request as granted, as the site was answered (without the context). */
  readonly request: Readonly<Record<string, unknown>>;
  /** Unix milliseconds. */
  readonly grantedAt: number;
}

function tokenOf(grant: CanonicalGrant): StoredGrantToken {
  const { token } = grant;
  return token.kind === 'native'
    ? { kind: 'native' }
    : { kind: 'erc20', address: token.address, symbol: token.symbol, decimals: token.decimals };
}

export function storedGrantFrom(input: GrantRecordInput): StoredGrant {
  const { grant, signed } = input;
  return {
    id: hashDelegation(signed),
    chainId: grant.chainId,
    account: grant.from,
    origin: grant.origin,
    redeemer: grant.redeemer,
    token: tokenOf(grant),
    periodAmount: grant.periodAmount.toString(),
    periodSeconds: grant.periodSeconds,
    startTime: grant.start,
    expiry: grant.expiry,
    maxTotal: grant.maxTotal.toString(),
    delegationManager: input.delegationManager,
    context: input.context,
    delegation: {
      delegate: signed.delegate,
      delegator: signed.delegator,
      authority: signed.authority,
      caveats: signed.caveats.map(({ enforcer, terms, args }) => ({ enforcer, terms, args })),
      salt: `0x${signed.salt.toString(16)}`,
      signature: signed.signature,
    },
    request: input.request,
    grantedAt: input.grantedAt,
  };
}
