// Every domain code an error thrown in lib/ can carry, built from each area's own union. The
// server's and the dev catalog's codes stay on their side (lib/ imports neither).

import type { BackendErrorCode } from '@encore-wallet/backend-client';
import type { CallsErrorCode, PaymasterErrorCode } from '@encore-wallet/calls';
import type {
  CatalogErrorCode,
  IdTokenClaimErrorCode,
  InvalidIdTokenError,
} from '@encore-wallet/catalog';
import type { HedgehogErrorCode } from '@encore-wallet/core';
import type { KeyHolderErrorCode } from '@encore-wallet/core/key-holder';
import type { ChainRpcErrorCode } from '@encore-wallet/utils/chain-rpc';
import type { TypedDataError } from '../../eip/index.ts';
import type { LibraryErrorCode } from '../../library/index.ts';
import type { PermissionErrorCode } from '../../permissions/index.ts';
import type { TransactionErrorCode } from '../../transactions/index.ts';
import type { ExtensionErrorCode } from './extension-error.ts';

export type ErrorCode =
  | HedgehogErrorCode
  | KeyHolderErrorCode
  | BackendErrorCode
  | CatalogErrorCode
  | IdTokenClaimErrorCode
  | InvalidIdTokenError['code']
  | TypedDataError['code']
  | LibraryErrorCode
  | TransactionErrorCode
  | PermissionErrorCode
  | CallsErrorCode
  | PaymasterErrorCode
  | ChainRpcErrorCode
  | ExtensionErrorCode;

/** The codes that reach the extension's pages through the message router. */
export type PageErrorCode =
  | HedgehogErrorCode
  | KeyHolderErrorCode
  | CatalogErrorCode
  | ExtensionErrorCode;
