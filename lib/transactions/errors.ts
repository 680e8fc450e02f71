// The errors of building a transaction from a site's request: a field that is malformed or
// contradicts another, or a chain that cannot be read to fill in what the site left out.

import { EncoreError, FieldError } from '@encore-wallet/utils/errors';

export type TransactionErrorCode = 'INVALID_TRANSACTION' | 'CHAIN_UNREADABLE';

/** A field of the request is malformed or contradicts another; `field` names it. */
export class InvalidTransactionError extends FieldError<'INVALID_TRANSACTION'> {
  static override readonly code = 'INVALID_TRANSACTION' as const;
  override readonly name = 'InvalidTransactionError' as const;
}

/** The chain's node could not tell what the transaction needs (gas, fees, balance). */
export class ChainUnreadableError extends EncoreError<'CHAIN_UNREADABLE'> {
  static override readonly code = 'CHAIN_UNREADABLE' as const;
  override readonly name = 'ChainUnreadableError' as const;

  constructor(what: string, options: { cause?: unknown } = {}) {
    super(`Encore could not read ${what} from the chain's RPC node.`, options);
  }
}
