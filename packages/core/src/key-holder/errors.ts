// What can go wrong asking a key holder, one class each with a stable code. None of them is ever
// answered by using a weaker record: the caller says so and lets the person retry.
import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

export type KeyHolderErrorCode =
  | 'KEY_HOLDER_PIN_INVALID'
  | 'KEY_HOLDER_UNREACHABLE'
  | 'KEY_HOLDER_RATE_LIMITED'
  | 'KEY_HOLDER_REFUSED'
  | 'KEY_HOLDER_ANSWER_REFUSED';

/** What `toJSON()` gives: the family's one shape, with this area's codes. */
export type KeyHolderErrorJSON = EncoreErrorJSON<KeyHolderErrorCode>;

export abstract class KeyHolderError extends EncoreError<KeyHolderErrorCode> {
  override readonly name: string = 'KeyHolderError';
}

/** The pinned key (from the build or the options page) is not a usable ristretto255 key. */
export class KeyHolderPinInvalidError extends KeyHolderError {
  override readonly name: string = 'KeyHolderPinInvalidError';
  static override readonly code = 'KEY_HOLDER_PIN_INVALID' as const;
  constructor(reason: string) {
    super(`The key holder's pinned public key is not usable: ${reason}.`, {
      details: { reason },
    });
  }
}

/** No answer (network, timeout) or a server failure (5xx): worth retrying. */
export class KeyHolderUnreachableError extends KeyHolderError {
  override readonly name: string = 'KeyHolderUnreachableError';
  static override readonly code = 'KEY_HOLDER_UNREACHABLE' as const;
  constructor(
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      status === undefined
        ? 'The key holder did not answer. Try again in a moment.'
        : `The key holder failed (HTTP ${status}). Try again in a moment.`,
      { ...options, details: status === undefined ? {} : { status } },
    );
  }
}

/** Too many evaluations for this account or from this address: wait `retryAfterSeconds`. */
export class KeyHolderRateLimitedError extends KeyHolderError {
  override readonly name: string = 'KeyHolderRateLimitedError';
  static override readonly code = 'KEY_HOLDER_RATE_LIMITED' as const;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts for this account. Try again in ${retryAfterSeconds} s.`, {
      details: { retryAfterSeconds },
    });
  }
}

/** The key holder refused the request itself (4xx): an unknown or retired key id, bad input. */
export class KeyHolderRefusedError extends KeyHolderError {
  override readonly name: string = 'KeyHolderRefusedError';
  static override readonly code = 'KEY_HOLDER_REFUSED' as const;
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`The key holder refused the request (HTTP ${status}): ${reason}`, {
      details: { status, reason },
    });
  }
}

/** Why an answer was refused: never used, whatever it says. */
export type AnswerRefusal =
  | 'malformed'
  | 'other-key'
  | 'not-an-element'
  | 'identity'
  | 'bad-proof'
  /** The account's mark names a key this build does not pin (retired, or a lie): nothing is used. */
  | 'unpinned-mark';

/**
 * An answer without a valid proof for the pinned key: the wrong shape or length, another key's
 * id, an evaluated element that is no ristretto255 element or is the identity, or a DLEQ proof
 * that does not verify against the pinned key tweaked for this account. Its output is never used.
 */
export class KeyHolderAnswerRefusedError extends KeyHolderError {
  override readonly name: string = 'KeyHolderAnswerRefusedError';
  static override readonly code = 'KEY_HOLDER_ANSWER_REFUSED' as const;
  constructor(
    readonly reason: AnswerRefusal,
    options?: { cause?: unknown },
  ) {
    super(`The key holder's answer cannot be trusted (${reason}); it was not used.`, {
      ...options,
      details: { reason },
    });
  }
}
