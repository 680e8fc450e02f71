import { EncoreError } from '@encore-wallet/utils/errors';

export type LibraryErrorCode = 'LIBRARY_CANCELLED';

/**
 * An answer arrived for a visit that was left (a tab switched away from, a search replaced): the
 * caller drops it and shows nothing.
 */
export class LibraryCancelledError extends EncoreError<'LIBRARY_CANCELLED'> {
  static override readonly code = 'LIBRARY_CANCELLED';
  override readonly name = 'LibraryCancelledError';

  constructor() {
    super('The read was cancelled');
  }
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new LibraryCancelledError();
}
