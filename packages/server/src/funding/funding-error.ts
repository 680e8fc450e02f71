// Why a payment waits, in two voices: the error's message (which may quote the node) for the
// operator's log, and a fixed wording from the contract for the public `/health`.
import type { FundingWaitReason } from '@encore-wallet/contract';
import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';
import { NodeRequestError, type NodeRequestErrorCode } from '../chain/node-request-error.ts';

const REASONS = {
  /** The node's gas price is above FUNDING_MAX_GAS_PRICE_WEI: nothing was signed. */
  FUNDING_GAS_PRICE_ABOVE_CAP: 'gas price above cap',
  /** The node answered a JSON-RPC error (its text is in the message, for the log). */
  FUNDING_NODE_ERROR: 'chain node answered an error',
  /** Broadcast, no receipt yet. */
  FUNDING_NOT_MINED: 'transfer sent, not mined yet',
  /** The block that used the transfer's nonce holds the transfer; its receipt is not seen yet. */
  FUNDING_RECEIPT_PENDING: 'transfer mined, receipt not visible yet',
  /** The nonce is used, and the node cannot show the block that used it. */
  FUNDING_NONCE_UNPROVEN: 'nonce used, block not shown by the node',
} as const satisfies Record<string, FundingWaitReason>;

export type FundingErrorCode = keyof typeof REASONS;

export class FundingError extends EncoreError<FundingErrorCode> {
  static override readonly code: string = 'FUNDING';
  override readonly name = 'FundingError';
  readonly #code: FundingErrorCode;

  constructor(code: FundingErrorCode, message: string, options: EncoreErrorOptions = {}) {
    super(message, options);
    this.#code = code;
  }

  override get code(): FundingErrorCode {
    return this.#code;
  }

  get reason(): FundingWaitReason {
    return REASONS[this.#code];
  }
}

const NODE_REASONS: Record<NodeRequestErrorCode, FundingWaitReason> = {
  NODE_UNREACHABLE: 'chain node unreachable',
  NODE_ANSWER_TOO_LARGE: 'chain node answer too large',
  NODE_REDIRECT: 'chain node answered a redirect',
  NODE_BAD_ANSWER: 'chain node answer malformed',
};

/** The fixed wording `/health` shows for a failed attempt; never words from the node. */
export function waitReasonOf(error: unknown): FundingWaitReason {
  if (error instanceof FundingError) return error.reason;
  if (error instanceof NodeRequestError) return NODE_REASONS[error.code];
  return 'chain error';
}
