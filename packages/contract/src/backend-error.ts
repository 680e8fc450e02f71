// The one failure of the HTTP contract: the backend answered something other than 200, or could
// not be reached. It lives with the contract because both sides of the wallet core's backend
// functions need it: @encore-wallet/backend-client throws it, and the wallet core (which may not import @encore-wallet/backend-client)
// recognises a 404 from an integrator's getFn by it and passes every other one through unchanged.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

export type BackendErrorCode = 'BACKEND_FAILURE';

export interface BackendErrorJSON extends EncoreErrorJSON {
  code: BackendErrorCode;
  status: number;
  retryAfterSeconds?: number;
  /** Present (true) when no answer came within the client's deadline. */
  timedOut?: true;
}

/** The integrator's backend answered with something other than 200, or could not be reached. */
export class BackendError extends EncoreError<BackendErrorCode> {
  override readonly name: string = 'BackendError';
  static override readonly code = 'BACKEND_FAILURE' as const;
  constructor(
    /** HTTP status; 0 when the request never got an answer (network error, timeout). */
    readonly status: number,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number; timedOut?: boolean },
  ) {
    super(message, { cause: options?.cause });
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.timedOut = options?.timedOut === true;
  }
  readonly retryAfterSeconds: number | undefined;
  /**
   * Status 0 because the deadline passed (a slow backend), not because the connection failed: the
   * request may still reach the server and act there.
   */
  readonly timedOut: boolean;

  override toJSON(): BackendErrorJSON {
    return {
      ...super.toJSON(),
      code: this.code,
      status: this.status,
      retryAfterSeconds: this.retryAfterSeconds,
      ...(this.timedOut ? { timedOut: true as const } : {}),
    };
  }
}
