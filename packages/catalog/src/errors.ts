// The one error class the catalog client throws. `code` is stable (code decides on it), the
// message is for people; `toJSON()` keeps every field across extension message boundaries.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

export type CatalogErrorCode =
  /** The host answered with a non-2xx status (see `status` and `serverMessage`). */
  | 'CATALOG_HTTP_ERROR'
  /** Connection refused/reset, DNS failure, or any other transport failure. */
  | 'CATALOG_NETWORK_ERROR'
  /** No answer within the client's `timeoutMs`. */
  | 'CATALOG_TIMEOUT'
  /** The answer was not JSON or did not match the schema (see `endpoint` and `field`). */
  | 'CATALOG_INVALID_RESPONSE'
  /** The host list could not be fetched, or it listed no usable host. */
  | 'CATALOG_NO_HOST';

export interface CatalogErrorDetails {
  status?: number;
  host?: string;
  path?: string;
  serverMessage?: string;
  endpoint?: string;
  field?: string;
  cause?: unknown;
}

export interface CatalogErrorJSON extends EncoreErrorJSON {
  name: 'CatalogError';
  code: CatalogErrorCode;
  status: number | null;
  host: string | null;
  path: string | null;
  serverMessage: string | null;
  endpoint: string | null;
  field: string | null;
}

export class CatalogError extends EncoreError<CatalogErrorCode> {
  override readonly name = 'CatalogError' as const;
  /** The code this instance was thrown with (one class, five codes). */
  readonly #code: CatalogErrorCode;
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout). */
  readonly status: number;
  readonly host: string | null;
  readonly path: string | null;
  readonly serverMessage: string | null;
  readonly endpoint: string | null;
  readonly field: string | null;

  constructor(code: CatalogErrorCode, message: string, details: CatalogErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.#code = code;
    this.status = details.status ?? 0;
    this.host = details.host ?? null;
    this.path = details.path ?? null;
    this.serverMessage = details.serverMessage ?? null;
    this.endpoint = details.endpoint ?? null;
    this.field = details.field ?? null;
  }

  override get code(): CatalogErrorCode {
    return this.#code;
  }

  /** True for failures another host may not have: transport trouble and 5xx. */
  get retryable(): boolean {
    return (
      this.code === 'CATALOG_NETWORK_ERROR' ||
      this.code === 'CATALOG_TIMEOUT' ||
      (this.code === 'CATALOG_HTTP_ERROR' && this.status >= 500)
    );
  }

  override toJSON(): CatalogErrorJSON {
    return {
      ...super.toJSON(),
      name: this.name,
      code: this.code,
      status: this.status,
      host: this.host,
      path: this.path,
      serverMessage: this.serverMessage,
      endpoint: this.endpoint,
      field: this.field,
    };
  }
}
