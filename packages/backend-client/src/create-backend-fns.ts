// The three functions the wallet core needs, talking to an Encore (or Hedgehog-style) backend.

import {
  BackendError,
  ErrorResponseSchema,
  type GetAuthQuery,
  type SetAuthRequest,
  type SetUserRequest,
  type StoredAuth,
  StoredAuthSchema,
} from '@encore-wallet/contract';
import { type FetchLike, requestJson } from './internal/request-json.ts';

export interface BackendFnsOptions {
  /** Backend origin (and optional path prefix), e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export interface BackendFns {
  /** The record for this lookupKey, or null when the backend has none (404). */
  getFn(query: GetAuthQuery): Promise<StoredAuth | null>;
  /** Stores a record; with `oldLookupKey`, replaces that record (password change). */
  setAuthFn(record: SetAuthRequest): Promise<unknown>;
  /** Registers the username → wallet address pair. */
  setUserFn(user: SetUserRequest): Promise<unknown>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export function createBackendFns(options: BackendFnsOptions): BackendFns {
  const base = options.baseUrl.replace(/\/+$/, '');
  // Calling an unbound window.fetch throws "Illegal invocation" in browsers.
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(path: string, body: unknown): Promise<unknown> {
    const answer = await requestJson({
      fetch: fetchFn,
      url: `${base}${path}`,
      method: 'POST',
      body,
      timeoutMs,
    });
    if (answer.status !== 200) {
      throw new BackendError(answer.status, describeError(answer.body, answer.status));
    }
    return answer.body;
  }

  return {
    async getFn({ lookupKey }) {
      const url = `${base}/authentication?lookupKey=${encodeURIComponent(lookupKey)}`;
      const answer = await requestJson({ fetch: fetchFn, url, method: 'GET', timeoutMs });
      if (answer.status === 404) return null;
      const record = StoredAuthSchema.safeParse(answer.body);
      if (!record.success) {
        throw new BackendError(200, 'Backend answered 200 without a valid iv and cipherText');
      }
      return { iv: record.data.iv, cipherText: record.data.cipherText };
    },
    setAuthFn: (record) => post('/authentication', record),
    setUserFn: (user) => post('/users', user),
  };
}

function describeError(body: unknown, status: number): string {
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.error : `Backend answered ${status}`;
}
