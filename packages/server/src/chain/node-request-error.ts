// Why a node's answer was not taken: it never came, it pointed elsewhere, it was too large, or it
// was not a JSON-RPC answer. The node's own words never travel in these errors' codes.
import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

export type NodeRequestErrorCode =
  /** No answer within the deadline, or no connection. */
  | 'NODE_UNREACHABLE'
  /** A 3xx answer: a node's answer is never fetched from somewhere else. */
  | 'NODE_REDIRECT'
  /** The body (or its declared length) passed NODE_ANSWER_MAX_BYTES. */
  | 'NODE_ANSWER_TOO_LARGE'
  /** Not JSON, or not the shape of a JSON-RPC answer. */
  | 'NODE_BAD_ANSWER';

export class NodeRequestError extends EncoreError<NodeRequestErrorCode> {
  static override readonly code: string = 'NODE_REQUEST';
  override readonly name = 'NodeRequestError';
  readonly #code: NodeRequestErrorCode;

  constructor(code: NodeRequestErrorCode, message: string, options: EncoreErrorOptions = {}) {
    super(message, options);
    this.#code = code;
  }

  override get code(): NodeRequestErrorCode {
    return this.#code;
  }
}
