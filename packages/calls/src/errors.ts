// Every error of sponsored calls and batches: a stable code per class, for the RPC methods to map
// to what a site hears and for the approval window to say in words.

import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

export type CallsErrorCode =
  | 'NO_PINNED_DELEGATE'
  | 'DELEGATE_NOT_PINNED'
  | 'DELEGATE_CODE_MISMATCH'
  | 'ACCOUNT_NOT_DELEGATABLE'
  | 'INVALID_CALLS'
  | 'INVALID_USER_OPERATION'
  | 'WRONG_SIGNER'
  | 'AUTHORIZES_ACCOUNT'
  | 'SPONSOR_REFUSED'
  | 'SPONSOR_UNAVAILABLE';

export abstract class CallsError extends EncoreError<CallsErrorCode> {
  override readonly name: string = 'CallsError';
}

/** Encore ships no delegate for this chain: no upgrade, no sponsored or atomic batch there. */
export class NoPinnedDelegateError extends CallsError {
  static override readonly code = 'NO_PINNED_DELEGATE' as const;
  override readonly name: string = 'NoPinnedDelegateError';
  readonly chainId: number;
  constructor(chainId: number) {
    super(`Encore has no account contract on chain ${chainId}.`, { details: { chainId } });
    this.chainId = chainId;
  }
}

/** Something asked for a delegation to an address that is not the delegate pinned for its chain. */
export class DelegateNotPinnedError extends CallsError {
  static override readonly code = 'DELEGATE_NOT_PINNED' as const;
  override readonly name: string = 'DelegateNotPinnedError';
  constructor(chainId: number, address: string) {
    super(`Encore delegates only to its own account contract, never to ${address}.`, {
      details: { chainId, address },
    });
  }
}

/** The chain holds other code (or none) at the pinned delegate's address. */
export class DelegateCodeMismatchError extends CallsError {
  static override readonly code = 'DELEGATE_CODE_MISMATCH' as const;
  override readonly name: string = 'DelegateCodeMismatchError';
  constructor(chainId: number, address: string, found: string) {
    super(
      `The code at ${address} on chain ${chainId} is not Encore's account contract (code hash ${found}).`,
      { details: { chainId, address, codeHash: found } },
    );
  }
}

/** The account holds contract code that is not an EIP-7702 delegation: it is no key's address. */
export class AccountNotDelegatableError extends CallsError {
  static override readonly code = 'ACCOUNT_NOT_DELEGATABLE' as const;
  override readonly name: string = 'AccountNotDelegatableError';
  constructor(account: string) {
    super(`${account} holds contract code that is not a delegation.`, { details: { account } });
  }
}

/** A batch's calls do not fit: `path` says where (`calls[1].value`). */
export class InvalidCallsError extends CallsError {
  static override readonly code = 'INVALID_CALLS' as const;
  override readonly name: string = 'InvalidCallsError';
  readonly path: string;
  constructor(path: string, problem: string) {
    super(`${path} ${problem}`, { details: { path } });
    this.path = path;
  }
}

/** A user operation on the wire does not fit the shape Encore signs: `path` says where. */
export class InvalidUserOperationError extends CallsError {
  static override readonly code = 'INVALID_USER_OPERATION' as const;
  override readonly name: string = 'InvalidUserOperationError';
  readonly path: string;
  constructor(path: string, problem: string) {
    super(`${path} ${problem}`, { details: { path } });
    this.path = path;
  }
}

/** The key asked to sign is not the account the batch or the upgrade is for. */
export class WrongSignerError extends CallsError {
  static override readonly code = 'WRONG_SIGNER' as const;
  override readonly name: string = 'WrongSignerError';
  constructor(expected: string, signer: string) {
    super(`This is signed for ${expected}, not for ${signer}.`, { details: { expected, signer } });
  }
}

/**
 * Typed data a site asked for would authorize something in the listener's own account (a user
 * operation, a domain of the account's EntryPoint or delegate). `path` is below the typed data's
 * root (`domain.verifyingContract`, `message.sender`), `problem` says what is wrong there.
 */
export class AccountAuthorizationError extends CallsError {
  static override readonly code = 'AUTHORIZES_ACCOUNT' as const;
  override readonly name: string = 'AccountAuthorizationError';
  readonly path: readonly (string | number)[];
  readonly problem: string;
  constructor(path: readonly (string | number)[], problem: string) {
    super(`${path.join('.')} ${problem}.`, { details: { path: path.join('.') } });
    this.path = path;
    this.problem = problem;
  }
}

/**
 * The sponsor service refused. `reason` is its stable code (e.g. `SPONSOR_CALL_NOT_ALLOWED`), the
 * message its own words, cut to one line; both come from the sponsor, so they are shown as its.
 */
export class SponsorRefusedError extends CallsError {
  static override readonly code = 'SPONSOR_REFUSED' as const;
  override readonly name: string = 'SponsorRefusedError';
  readonly reason: string;
  readonly retryAfterSeconds: number | null;
  constructor(reason: string, message: string, retryAfterSeconds: number | null = null) {
    super(`The sponsor refused: ${message}`, {
      details: { reason, ...(retryAfterSeconds === null ? {} : { retryAfterSeconds }) },
    });
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The sponsor service did not answer, or answered something that is not its protocol. */
export class SponsorUnavailableError extends CallsError {
  static override readonly code = 'SPONSOR_UNAVAILABLE' as const;
  override readonly name: string = 'SponsorUnavailableError';
  constructor(problem: string, options?: EncoreErrorOptions) {
    super(`The sponsor service ${problem}.`, options);
  }
}
