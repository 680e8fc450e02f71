import { fetchText, parseJson } from '@encore-wallet/utils/http';
import { CatalogError } from '../errors.ts';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface JsonAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
}

/**
 * One GET with a deadline (and `signal`, which cancels it early). Transport failures and timeouts become CatalogErrors (status 0) so
 * callers decide on `code` alone.
 */
export async function getJson(
  fetchFn: FetchFn,
  url: string,
  timeoutMs: number,
  where: { host: string; path: string },
  signal?: AbortSignal,
): Promise<JsonAnswer> {
  const exchange = await fetchText(
    fetchFn,
    url,
    { method: 'GET', headers: { Accept: 'application/json' }, signal },
    timeoutMs,
  );
  if (exchange.answered) {
    return { status: exchange.response.status, body: parseJson(exchange.response.text) };
  }
  const { cause } = exchange;
  if (exchange.timedOut) {
    throw new CatalogError('CATALOG_TIMEOUT', `No answer from ${where.host} in ${timeoutMs} ms`, {
      ...where,
      cause,
    });
  }
  throw new CatalogError('CATALOG_NETWORK_ERROR', `Cannot reach ${where.host}`, {
    ...where,
    cause,
  });
}
