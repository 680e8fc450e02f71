// The errors a site can get back, one class per EIP-1193 / JSON-RPC code. They extend the page's
// ProviderRpcError so `toJSON()` gives exactly the `{ code, message, data }` that crosses the port.

import { AccountAuthorizationError, InvalidCallsError } from '@encore-wallet/calls';
import { formatTypedDataPath } from '../../eip/index.ts';
import {
  InvalidPermissionRequestError,
  UnsupportedPermissionError,
} from '../../permissions/index.ts';
import { ChainUnreadableError, InvalidTransactionError } from '../../transactions/index.ts';
import { ApprovalError, type ApprovalRefusal } from '../approvals/index.ts';
import {
  AtomicityNotSupportedError,
  PaymasterBatchRejectedError,
  SponsorDeclinedError,
} from '../calls/index.ts';
import type { ErrorCode } from '../errors/index.ts';
import { ProviderRpcError } from '../protocol/index.ts';

/** 4001: the person said no, or closed the approval window. */
export class UserRejectedError extends ProviderRpcError {
  constructor(message = 'The user rejected the request.') {
    super(4001, message);
  }
}

/** 4100: the site is not connected (or the account it named is not the connected one). */
export class UnauthorizedError extends ProviderRpcError {
  constructor(message = 'This site is not connected to Encore; call eth_requestAccounts first.') {
    super(4100, message);
  }
}

/**
 * 4100: a permit asked as a signature, under a daily spending limit, approved without the
 * password (the approval queue never lets that through; the method checks again before signing).
 */
export class PermitPasswordError extends ProviderRpcError {
  constructor() {
    super(
      4100,
      'This signature lets another address take tokens from the account, which Encore signs under a daily spending limit only with your password. Ask again and approve it with your password.',
    );
  }
}

/**
 * 4100: a spend permission that needs the password (under a daily spending limit) approved
 * without it (the approval queue never lets that through; the method checks again before signing).
 */
export class GrantPasswordError extends ProviderRpcError {
  constructor() {
    super(
      4100,
      'This permission lets a site take from the account later, which Encore grants over what is left of the daily spending limit (or for tokens under a limit) only with your password. Ask again and approve it with your password.',
    );
  }
}

/** 4200: Encore does not offer this method. */
export class UnsupportedMethodError extends ProviderRpcError {
  constructor(method: string, why?: string) {
    super(4200, why ?? `Encore does not support the method "${method}".`);
  }
}

/** 4902: wallet_switchEthereumChain to a chain Encore does not offer. */
export class UnrecognizedChainError extends ProviderRpcError {
  constructor(chainId: string) {
    super(4902, `Encore does not support chain ${chainId}.`);
  }
}

/** -32002 (EIP-1474 "resource unavailable"): the site already has too many requests waiting. */
export class RequestsPendingError extends ProviderRpcError {
  constructor(limit: number) {
    super(
      -32002,
      `This site already has ${limit} requests waiting for approval in Encore; wait for them to be answered.`,
    );
  }
}

/** -32005 (EIP-1474 "limit exceeded"): Encore already keeps as many added chains as it allows. */
export class AddedChainsLimitError extends ProviderRpcError {
  constructor(limit: number) {
    super(-32005, `Encore already knows ${limit} added chains; it adds no more.`);
  }
}

/** -32602: a parameter is missing or malformed; the message names it. */
export class InvalidParamsError extends ProviderRpcError {
  constructor(method: string, param: string, problem: string) {
    super(-32602, `Invalid params for ${method}: ${param} ${problem}`, { param });
  }
}

/** -32603: something failed inside the wallet. */
export class InternalRpcError extends ProviderRpcError {
  constructor(message = 'Internal error in Encore.', data?: unknown) {
    super(-32603, message, data);
  }
}

/** What a site hears for each way a request can end without approval: 4001, or -32002. */
const REFUSALS = {
  rejected: () => new UserRejectedError(),
  cancelled: () => new UserRejectedError('The request was cancelled.'),
  closed: () => new UserRejectedError('The approval window was closed.'),
  'too-many': (error) => new RequestsPendingError(error.limit ?? 0),
} as const satisfies Record<ApprovalRefusal, (error: ApprovalError) => ProviderRpcError>;

const INTERNAL = (): ProviderRpcError => new InternalRpcError();
/** -32603 with the domain error's own sentence (it names no secret and no URL). */
const internalSaying = (error: unknown): ProviderRpcError =>
  new InternalRpcError(error instanceof Error ? error.message : undefined);

/**
 * The one table from domain codes to what a site sees. Approval refusals answer by their reason;
 * every other domain failure is -32603 without internals (methods that owe a site a precise
 * answer, like -32602 for bad typed data, throw the provider error themselves).
 */
const PROVIDER_ANSWERS = {
  APPROVAL_REFUSED: (error) =>
    error instanceof ApprovalError ? REFUSALS[error.reason](error) : INTERNAL(),
  ACCOUNT_NOT_FOUND: INTERNAL,
  DECRYPTION_FAILED: INTERNAL,
  WEAK_PASSWORD: INTERNAL,
  INVALID_MNEMONIC: INTERNAL,
  USERNAME_TAKEN: INTERNAL,
  INVALID_USERNAME: INTERNAL,
  BACKEND_FAILURE: INTERNAL,
  NOT_LOGGED_IN: INTERNAL,
  CATALOG_HTTP_ERROR: INTERNAL,
  CATALOG_NETWORK_ERROR: INTERNAL,
  CATALOG_TIMEOUT: INTERNAL,
  CATALOG_INVALID_RESPONSE: INTERNAL,
  CATALOG_NO_HOST: INTERNAL,
  ID_TOKEN_CLAIMS_MISSING: INTERNAL,
  ID_TOKEN_WRONG_AUDIENCE: INTERNAL,
  ID_TOKEN_EXPIRED: INTERNAL,
  ID_TOKEN_NOT_YET_VALID: INTERNAL,
  INVALID_ID_TOKEN: INTERNAL,
  INVALID_TYPED_DATA: INTERNAL,
  INVALID_INPUT: INTERNAL,
  INVALID_ORIGIN: INTERNAL,
  INVALID_ACCOUNT: INTERNAL,
  UNSAFE_MIGRATION: INTERNAL,
  WALLET_DATA_UNREADABLE: INTERNAL,
  UNKNOWN_MESSAGE: INTERNAL,
  FORBIDDEN_SENDER: INTERNAL,
  LOGIN_IN_PROGRESS: INTERNAL,
  INTERNAL: INTERNAL,
  NO_RESPONSE: INTERNAL,
  MOVE_REFUSED: INTERNAL,
  GRANT_UNREADABLE: INTERNAL,
  REVOKE_FAILED: INTERNAL,
  // The grant's one-time upgrade did not land: nothing was signed, and the sentence says why.
  GRANT_UPGRADE_FAILED: (error) => internalSaying(error),
  LIBRARY_CANCELLED: INTERNAL,
  INVALID_TRANSACTION: (error) =>
    error instanceof InvalidTransactionError
      ? new InvalidParamsError('eth_sendTransaction', error.field, error.problem)
      : INTERNAL(),
  CHAIN_UNREADABLE: (error) =>
    error instanceof ChainUnreadableError ? new InternalRpcError(error.message) : INTERNAL(),
  // ERC-7715 leaves the codes to EIP-1193 and JSON-RPC: a request Encore will not grant as
  // asked is invalid params, naming the field.
  INVALID_PERMISSION_REQUEST: (error) =>
    error instanceof InvalidPermissionRequestError
      ? new InvalidParamsError('wallet_requestExecutionPermissions', error.field, error.problem)
      : INTERNAL(),
  UNSUPPORTED_PERMISSION: (error) =>
    error instanceof UnsupportedPermissionError
      ? new InvalidParamsError('wallet_requestExecutionPermissions', error.field, error.problem)
      : INTERNAL(),
  NO_PINNED_DELEGATE: (error) =>
    new AtomicityNotSupportedError(
      error instanceof Error ? error.message.replace(/\.$/, '') : 'no account contract here',
    ),
  DELEGATE_NOT_PINNED: (error) =>
    new InvalidParamsError(
      'wallet_sendCalls',
      'delegation',
      error instanceof Error ? `is refused: ${error.message}` : 'is refused',
    ),
  INVALID_CALLS: (error) =>
    error instanceof InvalidCallsError
      ? new InvalidParamsError(
          'wallet_sendCalls',
          error.path,
          error.message.slice(error.path.length + 1),
        )
      : INTERNAL(),
  // What the sponsor said stays in the worker: the site hears one fixed answer.
  SPONSOR_REFUSED: () => new SponsorDeclinedError(),
  SPONSOR_UNAVAILABLE: () => new SponsorDeclinedError(),
  DELEGATE_CODE_MISMATCH: (error) => internalSaying(error),
  ACCOUNT_NOT_DELEGATABLE: (error) => internalSaying(error),
  CHAIN_ANSWER_INVALID: (error) => internalSaying(error),
  INVALID_USER_OPERATION: (error) => internalSaying(error),
  WRONG_SIGNER: INTERNAL,
  // A batch through a site's ERC-7677 paymaster and the chain's bundler: one sentence per reason.
  PAYMASTER_REFUSED: () =>
    new PaymasterBatchRejectedError('PAYMASTER_REFUSED', 'The paymaster did not accept the batch.'),
  PAYMASTER_UNAVAILABLE: () =>
    new PaymasterBatchRejectedError(
      'PAYMASTER_UNAVAILABLE',
      'The paymaster service gave no usable answer (unreachable, too slow, too large or malformed).',
    ),
  PAYMASTER_DOES_NOT_PAY: () =>
    new PaymasterBatchRejectedError(
      'PAYMASTER_DOES_NOT_PAY',
      "The paymaster's data would not pay for the batch (no paymaster, or another one than it first named): Encore signed nothing.",
    ),
  PAYMASTER_WRONG_ENTRY_POINT: () =>
    new PaymasterBatchRejectedError(
      'PAYMASTER_WRONG_ENTRY_POINT',
      "The paymaster contract does not serve Encore's EntryPoint on this chain: Encore signed nothing.",
    ),
  BUNDLER_REFUSED: () =>
    new PaymasterBatchRejectedError('BUNDLER_REFUSED', 'The bundler did not accept the batch.'),
  BUNDLER_UNAVAILABLE: () =>
    new PaymasterBatchRejectedError(
      'BUNDLER_UNAVAILABLE',
      "The chain's bundler gave no usable answer.",
    ),
  BUNDLER_UNSUPPORTED: () =>
    new PaymasterBatchRejectedError(
      'BUNDLER_UNSUPPORTED',
      "The chain's bundler does not serve this chain or Encore's EntryPoint.",
    ),
  BUNDLER_RECEIPT_INVALID: (error) => internalSaying(error),
  AUTHORIZES_ACCOUNT: (error) =>
    error instanceof AccountAuthorizationError
      ? new InvalidParamsError(
          'eth_signTypedData_v4',
          formatTypedDataPath(error.path),
          `is refused: ${error.problem}.`,
        )
      : INTERNAL(),
} as const satisfies Record<ErrorCode, (error: EncoreErrorLike) => ProviderRpcError>;

interface EncoreErrorLike {
  code: string;
}

function isDomainError(error: unknown): error is EncoreErrorLike & { code: ErrorCode } {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    Object.hasOwn(PROVIDER_ANSWERS, error.code)
  );
}

/**
 * The one place errors become what a site sees: provider errors stay as they are, domain errors
 * answer through PROVIDER_ANSWERS, and anything else becomes -32603 without internals.
 */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (isDomainError(error)) return PROVIDER_ANSWERS[error.code](error);
  return INTERNAL();
}
