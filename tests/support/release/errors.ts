import { EncoreError } from '@encore-wallet/utils/errors';

export type ReleaseErrorCode =
  | 'UNKNOWN_RELEASE'
  | 'TAG_MISMATCH'
  | 'COMMIT_MISSING'
  | 'COMMAND_FAILED'
  | 'BAD_RELEASES_FILE';

/** A previous release could not be resolved, checked out, installed or built. */
export class ReleaseError extends EncoreError<ReleaseErrorCode> {
  override readonly name = 'ReleaseError';
  readonly #code: ReleaseErrorCode;

  constructor(code: ReleaseErrorCode, message: string) {
    super(message);
    this.#code = code;
  }

  /** Each instance names which step failed. */
  override get code(): ReleaseErrorCode {
    return this.#code;
  }
}
