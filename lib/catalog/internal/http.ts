import { CatalogError } from '../errors.ts';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface JsonAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
}

/**
 * One GET with a deadline. Transport failures and timeouts become CatalogErrors (status 0) so
 * callers decide on `code` alone; the body is read under the same deadline, because a host that
 * stalls mid-body is as dead as one that never answers.
 */
export async function getJson(
  fetchFn: FetchFn,
  url: string,
  timeoutMs: number,
  where: { host: string; path: string },
): Promise<JsonAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchFn(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    const text = await res.text();
    return { status: res.status, body: parseJson(text) };
  } catch (cause) {
    if (controller.signal.aborted) {
      throw new CatalogError('CATALOG_TIMEOUT', `No answer from ${where.host} in ${timeoutMs} ms`, {
        ...where,
        cause,
      });
    }
    throw new CatalogError('CATALOG_NETWORK_ERROR', `Cannot reach ${where.host}`, {
      ...where,
      cause,
    });
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
