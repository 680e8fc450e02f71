// Every refusal of the relayer, with a stable code and the HTTP status it answers with. The page
// shows the message; scripts act on the code.
import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

const STATUS = {
  /** No chain, relayer key or contract configured: the site runs without a relayer. */
  RELAY_NOT_CONFIGURED: 503,
  /** The body is not typed favorite data and a signature. */
  RELAY_BAD_REQUEST: 400,
  /** Signed for another chain, contract, name, version or type layout than this relayer's. */
  RELAY_WRONG_DOMAIN: 400,
  /** The deadline has passed, or lies further ahead than the relayer accepts. */
  RELAY_BAD_DEADLINE: 400,
  /** The signature is not the listener's over this exact favorite. */
  RELAY_BAD_SIGNATURE: 401,
  /** The site requires a wallet the catalog knows, and the catalog knows none at this address. */
  RELAY_UNKNOWN_WALLET: 403,
  /** This favorite (listener and nonce) is already being submitted, or has been. */
  RELAY_DUPLICATE: 409,
  /** The nonce is not the listener's next nonce on the contract. */
  RELAY_WRONG_NONCE: 409,
  /** The contract would revert (already a favorite, …): nothing was sent, no fee paid. */
  RELAY_REJECTED_ON_CHAIN: 409,
  /** This listener has used its submissions for the window. */
  RELAY_LISTENER_BUDGET: 429,
  /** Requests from this client address have used their budget for the window. */
  RELAY_ADDRESS_BUDGET: 429,
  /** Every client together has used the relayer's budget for the window. */
  RELAY_TOTAL_BUDGET: 429,
  /** The site requires a catalog wallet and the catalog did not answer. */
  RELAY_CATALOG_UNAVAILABLE: 503,
  /** The chain did not answer. */
  RELAY_CHAIN_UNAVAILABLE: 503,
} as const;

export type RelayErrorCode = keyof typeof STATUS;

export class RelayError extends EncoreError<RelayErrorCode> {
  static override readonly code: string = 'RELAY';
  override readonly name = 'RelayError';
  readonly #code: RelayErrorCode;

  constructor(code: RelayErrorCode, message: string, options: EncoreErrorOptions = {}) {
    super(message, options);
    this.#code = code;
  }

  override get code(): RelayErrorCode {
    return this.#code;
  }

  get status(): (typeof STATUS)[RelayErrorCode] {
    return STATUS[this.#code];
  }
}
