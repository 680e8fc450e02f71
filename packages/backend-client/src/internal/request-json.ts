// One HTTP exchange with the backend: JSON in, JSON out, every failure turned into BackendError.

import { BackendError, ErrorResponseSchema } from '@encore-wallet/contract';
import { type FetchText, fetchText, parseJson } from '@encore-wallet/utils/http';
import { parseRetryAfter } from './retry-after.ts';

export type FetchLike = FetchText;

export interface JsonRequest {
  fetch: FetchLike;
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends the request and returns status + parsed body for 200 and 404 (the caller decides what a
 * 404 means). Any other status throws BackendError with the server's `error` text; no answer at
 * all (network failure, timeout) throws BackendError(0, …).
 */
export async function requestJson(request: JsonRequest): Promise<JsonAnswer> {
  const target = describeTarget(request);
  const exchange = await fetchText(
    request.fetch,
    request.url,
    {
      method: request.method,
      headers:
        request.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // Auth records must never come from, or land in, an HTTP cache; no cookies are involved.
      cache: 'no-store',
      credentials: 'omit',
    },
    request.timeoutMs,
  );
  if (!exchange.answered) {
    const { cause } = exchange;
    const message = exchange.timedOut
      ? `Backend did not answer ${target} within ${request.timeoutMs} ms`
      : `Backend unreachable for ${target}: ${cause instanceof Error ? cause.message : String(cause)}`;
    throw new BackendError(0, message, { cause, timedOut: exchange.timedOut });
  }
  const { response } = exchange;
  const body = parseJson(response.text);
  if (response.status === 200 || response.status === 404) {
    return { status: response.status, body };
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  const message = parsed.success
    ? parsed.data.error
    : `Backend answered ${response.status} ${response.statusText} for ${target}`.trimEnd();
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), Date.now());
  throw new BackendError(response.status, message, { retryAfterSeconds });
}

// Never includes the query string: it carries the lookupKey.
function describeTarget(request: JsonRequest): string {
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}`;
}
