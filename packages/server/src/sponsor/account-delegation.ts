// Whether the operation's account runs the sponsor's delegate, or carries the authorization that
// makes it do so in the same transaction. For an estimate the authorization is not signed yet:
// only its delegate and chain are judged. For a submission it must be the account's own, for this
// chain, at the account's next nonce; the EntryPoint would otherwise fail it on chain, at the
// sponsor's cost.
import {
  AccountNotDelegatableError,
  type Address,
  authorizationSigner,
  type CallBatch,
  delegateOfCode,
  type Hex,
  type SignedAuthorization,
} from '@encore-wallet/calls';
import { type ChainRpc, readCode, readTransactionCount } from '@encore-wallet/utils/chain-rpc';
import { SponsorError } from './sponsor-error.ts';

export interface Delegation {
  /** The authorization to send with the operation (none when the account runs the delegate). */
  readonly authorizationList: readonly SignedAuthorization[];
  /** eth_call's state override that gives the account the delegate's code before the upgrade. */
  readonly override: Record<string, { code: Hex }> | undefined;
}

export async function checkDelegation(options: {
  rpc: ChainRpc;
  chainId: number;
  delegate: Address;
  batch: CallBatch;
  authorization: SignedAuthorization | null;
  signed: boolean;
}): Promise<Delegation> {
  const { rpc, batch, authorization, delegate } = options;
  let current: Address | null;
  try {
    current = delegateOfCode(batch.account, await readCode(rpc, batch.account));
  } catch (error) {
    if (error instanceof AccountNotDelegatableError) {
      throw new SponsorError('SPONSOR_WRONG_DELEGATE', 'the account holds contract code');
    }
    throw error;
  }
  if (!authorization) {
    if (current === delegate) return { authorizationList: [], override: undefined };
    if (current === null) {
      throw new SponsorError(
        'SPONSOR_NOT_UPGRADED',
        'the account runs no delegate: send its EIP-7702 authorization (eip7702Auth) with the operation',
      );
    }
    throw new SponsorError(
      'SPONSOR_WRONG_DELEGATE',
      `the account runs ${current}, not ${delegate}`,
    );
  }
  if (authorization.address !== delegate) {
    throw new SponsorError(
      'SPONSOR_WRONG_DELEGATE',
      `the authorization names ${authorization.address}, not ${delegate}`,
    );
  }
  if (BigInt(authorization.chainId) !== BigInt(options.chainId)) {
    throw new SponsorError('SPONSOR_BAD_AUTHORIZATION', 'the authorization is for another chain');
  }
  const override = {
    [batch.account]: { code: `0xef0100${delegate.slice(2).toLowerCase()}` as Hex },
  };
  if (!options.signed) return { authorizationList: [], override };
  if (authorizationSigner(authorization) !== batch.account) {
    throw new SponsorError(
      'SPONSOR_BAD_AUTHORIZATION',
      'the authorization is not signed by the account',
    );
  }
  const next = await readTransactionCount(rpc, batch.account);
  if (BigInt(authorization.nonce) !== BigInt(next)) {
    throw new SponsorError(
      'SPONSOR_BAD_AUTHORIZATION',
      `the authorization is for nonce ${BigInt(authorization.nonce)}; the account's next is ${next}`,
    );
  }
  return { authorizationList: [authorization], override };
}
