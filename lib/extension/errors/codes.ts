// Every domain code an error thrown in lib/ can carry, built from each area's own union. The
// server's and the dev catalog's codes stay on their side (lib/ imports neither).

import type { BackendErrorCode } from '../../backend/index.ts';
import type { CallsErrorCode, PaymasterErrorCode } from '../../calls/index.ts';
import type {
  CatalogErrorCode,
  IdTokenClaimErrorCode,
  InvalidIdTokenError,
} from '../../catalog/index.ts';
import type { ChainRpcErrorCode } from '../../chain-rpc/index.ts';
import type { TypedDataError } from '../../eip/index.ts';
import type { HedgehogErrorCode } from '../../hedgehog/index.ts';
import type { LibraryErrorCode } from '../../library/index.ts';
import type { TransactionErrorCode } from '../../transactions/index.ts';
import type { ExtensionErrorCode } from './extension-error.ts';

export type ErrorCode =
  | HedgehogErrorCode
  | BackendErrorCode
  | CatalogErrorCode
  | IdTokenClaimErrorCode
  | InvalidIdTokenError['code']
  | TypedDataError['code']
  | LibraryErrorCode
  | TransactionErrorCode
  | CallsErrorCode
  | PaymasterErrorCode
  | ChainRpcErrorCode
  | ExtensionErrorCode;

/** The codes that reach the extension's pages through the message router. */
export type PageErrorCode = HedgehogErrorCode | CatalogErrorCode | ExtensionErrorCode;
