// The error base of the extension's own code, in the repository's one error family (@encore-wallet/utils/errors).
// Each error has a stable `code` and serialises through `toJSON()` to the `{ code, message,
// ...details }` shape that crosses message boundaries (plus the family's `name` and
// `shortMessage`). Its code is given per instance: the client revives any background error
// (wallet core, catalog, extension) into one ExtensionError carrying the code it was sent.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

export interface ErrorJSON extends Partial<EncoreErrorJSON> {
  code: string;
  message: string;
  [detail: string]: unknown;
}

/** The codes the extension's own errors are thrown with. */
export type ExtensionErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_ORIGIN'
  | 'INVALID_ACCOUNT'
  | 'APPROVAL_REFUSED'
  | 'UNSAFE_MIGRATION'
  | 'WALLET_DATA_UNREADABLE'
  | 'UNKNOWN_MESSAGE'
  | 'FORBIDDEN_SENDER'
  | 'INTERNAL'
  | 'NO_RESPONSE'
  | 'MOVE_REFUSED'
  | 'GRANT_UNREADABLE'
  | 'REVOKE_FAILED'
  | 'GRANT_UPGRADE_FAILED'
  | 'LOGIN_IN_PROGRESS';

export class ExtensionError extends EncoreError<string> {
  readonly #code: string;
  declare readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, { details, cause: options?.cause });
    this.#code = code;
  }

  override get code(): string {
    return this.#code;
  }

  override toJSON(): ErrorJSON & EncoreErrorJSON {
    // The details travel at the top level, as they always have; not nested a second time.
    const { details: _nested, ...json } = super.toJSON();
    return { ...this.details, ...json };
  }
}
