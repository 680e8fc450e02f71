// What a store says when it cannot promise that an answer is on disk. The HTTP layer answers
// either with 503 and the error's message (which names its code): a client that retries later
// learns the truth then, and nothing is answered as stored, or as refused, that may not be.
import { EncoreError } from '@encore-wallet/utils/errors';

export type StoreDurabilityCode = 'STORE_WRITE_NOT_DURABLE' | 'STORE_WRITES_STOPPED';

/** Base of the store's durability errors: every one answers 503. */
export abstract class StoreDurabilityError extends EncoreError<StoreDurabilityCode> {
  readonly httpStatus = 503;
}

/**
 * The write was committed, but the fsync that was to make it durable failed: it may be stored or
 * not after a restart. A lookup of a record in that state answers it too.
 */
export class WriteNotDurableError extends StoreDurabilityError {
  static override readonly code: StoreDurabilityCode = 'STORE_WRITE_NOT_DURABLE';
  override readonly name = 'WriteNotDurableError';
  constructor(options: { cause?: unknown } = {}) {
    super(
      'database: the write is not known to be on disk (an fsync failed); try again after the backend is restarted (STORE_WRITE_NOT_DURABLE)',
      options,
    );
  }
}

/**
 * An fsync of the database failed earlier: the store takes no more writes until it is restarted
 * (the pages that failed may be lost, and nothing written after them can be promised).
 */
export class WritesStoppedError extends StoreDurabilityError {
  static override readonly code: StoreDurabilityCode = 'STORE_WRITES_STOPPED';
  override readonly name = 'WritesStoppedError';
  constructor(options: { cause?: unknown } = {}) {
    super(
      'database: writes stopped after an fsync of the database failed; the operator must check the disk and restart the backend (STORE_WRITES_STOPPED)',
      options,
    );
  }
}
