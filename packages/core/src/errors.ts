// Every error the wallet core throws. Each class has a stable `code` that survives extension
// message boundaries through `toJSON()`; messages are for people, codes are for code.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

// BackendError belongs to the backend contract (@encore-wallet/backend-client throws it, the wallet core recognises
// it); the wallet core re-exports it so integrators' getFn can keep importing it from here.
export { BackendError, type BackendErrorJSON } from '@encore-wallet/contract';

export type HedgehogErrorCode =
  | 'ACCOUNT_NOT_FOUND'
  | 'DECRYPTION_FAILED'
  | 'WEAK_PASSWORD'
  | 'INVALID_USERNAME'
  | 'BACKEND_FAILURE'
  | 'NOT_LOGGED_IN'
  | 'INVALID_MNEMONIC'
  | 'USERNAME_TAKEN';

/** What `toJSON()` gives: the family's one shape, with this area's codes. */
export type HedgehogErrorJSON = EncoreErrorJSON<HedgehogErrorCode>;

export abstract class HedgehogError extends EncoreError<HedgehogErrorCode> {
  override readonly name: string = 'HedgehogError';
}

/** Unknown username or wrong password: indistinguishable by design. */
export class AccountNotFoundError extends HedgehogError {
  override readonly name: string = 'AccountNotFoundError';
  static override readonly code = 'ACCOUNT_NOT_FOUND' as const;
  constructor(options?: { cause?: unknown }) {
    super('No account matches this username and password.', options);
  }
}

/** The key did not decrypt the cipherText (wrong password, or a corrupted record). */
export class DecryptionFailedError extends HedgehogError {
  override readonly name: string = 'DecryptionFailedError';
  static override readonly code = 'DECRYPTION_FAILED' as const;
  constructor(options?: { cause?: unknown }) {
    super('Unable to decrypt the wallet record with this password.', options);
  }
}

export type WeakPasswordReason = 'too-short' | 'common';

/** Sign-up or password change with a password the policy refuses. */
export class WeakPasswordError extends HedgehogError {
  override readonly name: string = 'WeakPasswordError';
  static override readonly code = 'WEAK_PASSWORD' as const;
  constructor(
    readonly reason: WeakPasswordReason,
    message: string,
  ) {
    super(message);
  }
}

export type InvalidUsernameReason = 'empty' | 'separator' | 'too-long' | 'control-character';

/**
 * Sign-up with a username that is empty after trimming, contains the `:::` separator or a control
 * character, or is longer than the backend contract allows (MAX_USERNAME_LENGTH).
 */
export class InvalidUsernameError extends HedgehogError {
  override readonly name: string = 'InvalidUsernameError';
  static override readonly code = 'INVALID_USERNAME' as const;
  constructor(
    readonly reason: InvalidUsernameReason,
    message: string,
  ) {
    super(message);
  }
}

/** An operation that needs a wallet was called while logged out. */
export class NotLoggedInError extends HedgehogError {
  override readonly name: string = 'NotLoggedInError';
  static override readonly code = 'NOT_LOGGED_IN' as const;
  constructor() {
    super('No wallet is logged in.');
  }
}

export type InvalidMnemonicReason = 'empty' | 'unknown-word' | 'wrong-length' | 'bad-checksum';

/**
 * A recovery phrase that is not 12 BIP-39 English words with a valid checksum. `wordIndex`
 * (0-based) names the first word that is not on the list.
 */
export class InvalidMnemonicError extends HedgehogError {
  override readonly name: string = 'InvalidMnemonicError';
  static override readonly code = 'INVALID_MNEMONIC' as const;
  constructor(
    readonly reason: InvalidMnemonicReason,
    message: string,
    readonly wordIndex?: number,
  ) {
    super(message, {
      details: wordIndex === undefined ? { reason } : { reason, wordIndex },
    });
  }
}

/**
 * A restore for a username that belongs to another wallet: the recovery phrase is not that
 * account's. Nothing was stored.
 */
export class UsernameTakenError extends HedgehogError {
  override readonly name: string = 'UsernameTakenError';
  static override readonly code = 'USERNAME_TAKEN' as const;
  constructor(options?: { cause?: unknown }) {
    super(
      'This username belongs to another wallet: this recovery phrase is not its phrase.',
      options,
    );
  }
}
