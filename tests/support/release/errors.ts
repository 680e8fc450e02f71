export type ReleaseErrorCode =
  | 'UNKNOWN_RELEASE'
  | 'TAG_MISMATCH'
  | 'COMMIT_MISSING'
  | 'COMMAND_FAILED'
  | 'BAD_RELEASES_FILE';

/** A previous release could not be resolved, checked out, installed or built. */
export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
  ) {
    super(message);
  }
}
