// The errors of a batch paid through ERC-7677 (the site's paymaster service) and submitted
// through an ERC-4337 bundler (the chain's, from the settings): a stable code per class, each
// mapped to what a site hears in lib/extension/rpc/errors.ts. Nothing here carries the
// paymaster's or the bundler's own words beyond one short line for the worker's console.

import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

export type PaymasterErrorCode =
  | 'PAYMASTER_REFUSED'
  | 'PAYMASTER_UNAVAILABLE'
  | 'PAYMASTER_DOES_NOT_PAY'
  | 'PAYMASTER_WRONG_ENTRY_POINT'
  | 'BUNDLER_REFUSED'
  | 'BUNDLER_UNAVAILABLE'
  | 'BUNDLER_UNSUPPORTED'
  | 'BUNDLER_RECEIPT_INVALID';

export abstract class PaymasterError extends EncoreError<PaymasterErrorCode> {
  override readonly name: string = 'PaymasterError';
}

/** The paymaster answered a JSON-RPC error: it will not pay for this batch. */
export class PaymasterRefusedError extends PaymasterError {
  static override readonly code = 'PAYMASTER_REFUSED' as const;
  override readonly name: string = 'PaymasterRefusedError';
  constructor(method: string, words: string) {
    super(`The paymaster refused ${method}: ${words}`, { details: { method } });
  }
}

/** No usable answer: unreachable, too slow, too large, not JSON-RPC, or a malformed result. */
export class PaymasterUnavailableError extends PaymasterError {
  static override readonly code = 'PAYMASTER_UNAVAILABLE' as const;
  override readonly name: string = 'PaymasterUnavailableError';
  constructor(problem: string, options?: EncoreErrorOptions) {
    super(`The paymaster service ${problem}.`, options);
  }
}

/**
 * The paymaster's data would not pay: no paymaster named (the account itself would pay the
 * EntryPoint), or final data naming another contract than its stub data did.
 */
export class PaymasterDoesNotPayError extends PaymasterError {
  static override readonly code = 'PAYMASTER_DOES_NOT_PAY' as const;
  override readonly name: string = 'PaymasterDoesNotPayError';
  constructor(problem: string) {
    super(`The paymaster's data does not pay for the batch: ${problem}.`);
  }
}

/** The paymaster contract is not one for Encore's EntryPoint on this chain (or is no contract). */
export class PaymasterWrongEntryPointError extends PaymasterError {
  static override readonly code = 'PAYMASTER_WRONG_ENTRY_POINT' as const;
  override readonly name: string = 'PaymasterWrongEntryPointError';
  constructor(paymaster: string, problem: string) {
    super(`The paymaster contract ${paymaster} ${problem}.`, { details: { paymaster } });
  }
}

/** The bundler answered a JSON-RPC error (it will not estimate or take the operation). */
export class BundlerRefusedError extends PaymasterError {
  static override readonly code = 'BUNDLER_REFUSED' as const;
  override readonly name: string = 'BundlerRefusedError';
  constructor(method: string, words: string) {
    super(`The bundler refused ${method}: ${words}`, { details: { method } });
  }
}

/** No usable answer from the bundler. */
export class BundlerUnavailableError extends PaymasterError {
  static override readonly code = 'BUNDLER_UNAVAILABLE' as const;
  override readonly name: string = 'BundlerUnavailableError';
  constructor(problem: string, options?: EncoreErrorOptions) {
    super(`The bundler ${problem}.`, options);
  }
}

/** The bundler serves another chain, or not Encore's EntryPoint. */
export class BundlerUnsupportedError extends PaymasterError {
  static override readonly code = 'BUNDLER_UNSUPPORTED' as const;
  override readonly name: string = 'BundlerUnsupportedError';
  constructor(problem: string) {
    super(`The bundler ${problem}.`);
  }
}

/** The bundler's receipt does not match the operation, or what the chain itself says of it. */
export class BundlerReceiptInvalidError extends PaymasterError {
  static override readonly code = 'BUNDLER_RECEIPT_INVALID' as const;
  override readonly name: string = 'BundlerReceiptInvalidError';
  constructor(problem: string) {
    super(`The bundler's receipt ${problem}.`);
  }
}
