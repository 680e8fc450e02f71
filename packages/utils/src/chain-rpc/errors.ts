// The error of reading a chain's node: an answer that is not the answer to what was asked.

import { EncoreError, type EncoreErrorOptions } from '../errors/index.ts';

export type ChainRpcErrorCode = 'CHAIN_ANSWER_INVALID';

/** The chain's node answered something that is not the answer to what was asked. */
export class ChainAnswerError extends EncoreError<ChainRpcErrorCode> {
  static override readonly code = 'CHAIN_ANSWER_INVALID' as const;
  override readonly name: string = 'ChainAnswerError';
  constructor(method: string, options?: EncoreErrorOptions) {
    super(`The chain's node gave an unreadable answer to ${method}.`, {
      ...options,
      details: { method },
    });
  }
}
