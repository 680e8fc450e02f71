// Every refusal of the sponsor service, with a stable reason code, the JSON-RPC error code of
// ERC-7769 it answers with, and the HTTP status (200 for all but transport-level refusals, as
// JSON-RPC clients expect). A refusal costs the sponsor nothing: it comes before any payment, or
// the budget and claim taken for it are given back.
import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

const REFUSALS = {
  /** The backend runs without a sponsor (no SPONSOR_* configuration). */
  SPONSOR_NOT_CONFIGURED: { rpc: -32601, http: 503 },
  /** Not a JSON-RPC request, an unknown method, or params that do not fit (names the field). */
  SPONSOR_BAD_REQUEST: { rpc: -32602, http: 200 },
  SPONSOR_UNKNOWN_METHOD: { rpc: -32601, http: 200 },
  /** The operation names another EntryPoint than this sponsor's. */
  SPONSOR_WRONG_ENTRY_POINT: { rpc: -32602, http: 200 },
  /** A call to a contract or function the sponsor does not pay for. */
  SPONSOR_CALL_NOT_ALLOWED: { rpc: -32501, http: 200 },
  /** More calls in one operation than the sponsor takes. */
  SPONSOR_TOO_MANY_CALLS: { rpc: -32501, http: 200 },
  /** The deadline has passed, or lies further ahead than the sponsor accepts. */
  SPONSOR_BAD_DEADLINE: { rpc: -32503, http: 200 },
  /** The operation's signature is not its account's. */
  SPONSOR_BAD_SIGNATURE: { rpc: -32507, http: 200 },
  /** The authorization is not the account's, not for this chain, nonce or delegate. */
  SPONSOR_BAD_AUTHORIZATION: { rpc: -32507, http: 200 },
  /** The account runs no delegate and the operation carries no authorization. */
  SPONSOR_NOT_UPGRADED: { rpc: -32501, http: 200 },
  /** The account runs (or would be upgraded to) another contract than the sponsor's delegate. */
  SPONSOR_WRONG_DELEGATE: { rpc: -32501, http: 200 },
  /** This operation, or another with its account and nonce, is already submitted. */
  SPONSOR_DUPLICATE: { rpc: -32602, http: 200 },
  /** Another operation of this account (any nonce) is on its way and not yet in a block. */
  SPONSOR_ACCOUNT_BUSY: { rpc: -32504, http: 200 },
  /** Budgets for the UTC day: the account's, the client address's, everyone's. */
  SPONSOR_LISTENER_BUDGET: { rpc: -32504, http: 200 },
  SPONSOR_CLIENT_BUDGET: { rpc: -32504, http: 200 },
  SPONSOR_DAILY_BUDGET: { rpc: -32504, http: 200 },
  /** Requests from this client address past the rate limit. */
  SPONSOR_TOO_MANY_REQUESTS: { rpc: -32504, http: 429 },
  /** The EntryPoint would refuse the operation (its AA reason): nothing was sent. */
  SPONSOR_REJECTED_ON_CHAIN: { rpc: -32500, http: 200 },
  /** The calls would revert: nothing was sent. */
  SPONSOR_CALLS_REVERT: { rpc: -32521, http: 200 },
  /** The transaction would need more gas than the sponsor pays for one operation. */
  SPONSOR_TOO_MUCH_GAS: { rpc: -32501, http: 200 },
  /** The chain's gas price is above SPONSOR_MAX_FEE_PER_GAS: nothing was sent. */
  SPONSOR_GAS_PRICE_TOO_HIGH: { rpc: -32504, http: 200 },
  /** The chain did not answer (or the configured contracts are not there). */
  SPONSOR_CHAIN_UNAVAILABLE: { rpc: -32603, http: 200 },
} as const;

export type SponsorErrorCode = keyof typeof REFUSALS;

export class SponsorError extends EncoreError<SponsorErrorCode> {
  static override readonly code: string = 'SPONSOR';
  override readonly name = 'SponsorError';
  readonly #code: SponsorErrorCode;
  readonly retryAfterSeconds: number | null;

  constructor(
    code: SponsorErrorCode,
    message: string,
    options: EncoreErrorOptions & { retryAfterSeconds?: number } = {},
  ) {
    super(message, options);
    this.#code = code;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }

  override get code(): SponsorErrorCode {
    return this.#code;
  }

  get rpcCode(): number {
    return REFUSALS[this.#code].rpc;
  }

  get httpStatus(): 200 | 429 | 503 {
    return REFUSALS[this.#code].http;
  }

  /** The JSON-RPC error object: the message, the ERC-7769 code, the reason in `data`. */
  toRpcError(): {
    code: number;
    message: string;
    data: { reason: string; retryAfterSeconds?: number };
  } {
    return {
      code: this.rpcCode,
      message: this.message,
      data: {
        reason: this.#code,
        ...(this.retryAfterSeconds === null ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      },
    };
  }
}
