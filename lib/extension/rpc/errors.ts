// The errors a site can get back, one class per EIP-1193 / JSON-RPC code. They extend the page's
// ProviderRpcError so `toJSON()` gives exactly the `{ code, message, data }` that crosses the port.

import { ApprovalError } from '../approvals/index.ts';
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

/** What a site hears when the person did not approve its request. */
function refusalToProviderError(error: ApprovalError): ProviderRpcError {
  switch (error.reason) {
    case 'rejected':
      return new UserRejectedError();
    case 'cancelled':
      return new UserRejectedError('The request was cancelled.');
    case 'closed':
      return new UserRejectedError('The approval window was closed.');
    case 'too-many':
      return new RequestsPendingError(error.limit ?? 0);
  }
}

/**
 * The one place errors become what a site sees: provider errors stay as they are, approval
 * refusals become 4001 or -32002, and anything else becomes -32603 without internals.
 */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (error instanceof ApprovalError) return refusalToProviderError(error);
  return new InternalRpcError();
}
