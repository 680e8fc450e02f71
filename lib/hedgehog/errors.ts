// Every error the wallet core throws. Each class has a stable `code` that survives extension
// message boundaries through `toJSON()`; messages are for people, codes are for code.

import { EncoreError, type EncoreErrorJSON } from '../errors/index.ts';

export type HedgehogErrorCode =
  | 'ACCOUNT_NOT_FOUND'
  | 'DECRYPTION_FAILED'
  | 'WEAK_PASSWORD'
  | 'INVALID_USERNAME'
  | 'BACKEND_FAILURE'
  | 'NOT_LOGGED_IN';

export interface HedgehogErrorJSON extends EncoreErrorJSON {
  code: HedgehogErrorCode;
}

export abstract class HedgehogError extends EncoreError<HedgehogErrorCode> {
  override toJSON(): HedgehogErrorJSON {
    return super.toJSON() as HedgehogErrorJSON;
  }
}

/** Unknown username or wrong password: indistinguishable by design. */
export class AccountNotFoundError extends HedgehogError {
  static override readonly code = 'ACCOUNT_NOT_FOUND' as const;
  constructor(options?: { cause?: unknown }) {
    super('No account matches this username and password.', options);
  }
}

/** The key did not decrypt the cipherText (wrong password, or a corrupted record). */
export class DecryptionFailedError extends HedgehogError {
  static override readonly code = 'DECRYPTION_FAILED' as const;
  constructor(options?: { cause?: unknown }) {
    super('Unable to decrypt the wallet record with this password.', options);
  }
}

export type WeakPasswordReason = 'too-short' | 'common';

/** Sign-up or password change with a password the policy refuses. */
export class WeakPasswordError extends HedgehogError {
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
  static override readonly code = 'INVALID_USERNAME' as const;
  constructor(
    readonly reason: InvalidUsernameReason,
    message: string,
  ) {
    super(message);
  }
}

/** The integrator's backend answered with something other than 200, or could not be reached. */
export class BackendError extends HedgehogError {
  static override readonly code = 'BACKEND_FAILURE' as const;
  constructor(
    /** HTTP status; 0 when the request never got an answer (network error, timeout). */
    readonly status: number,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;

  override toJSON(): HedgehogErrorJSON & { status: number; retryAfterSeconds?: number } {
    return { ...super.toJSON(), status: this.status, retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** An operation that needs a wallet was called while logged out. */
export class NotLoggedInError extends HedgehogError {
  static override readonly code = 'NOT_LOGGED_IN' as const;
  constructor() {
    super('No wallet is logged in.');
  }
}
