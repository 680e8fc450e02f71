// One JSON-RPC 2.0 request over HTTP POST to a service Encore does not trust (a site's paymaster,
// a bundler): no cookies, no redirects, a deadline, a size cap on the answer, the id checked, and
// the service's own words cut to one short line. Each client turns a failure into its own errors.

import { type FetchText, fetchText, parseJson, readCapped } from '@encore-wallet/utils/http';
import { z } from 'zod';

export interface RpcPostErrors {
  /** No usable answer: unreachable, too slow, too large, not JSON-RPC, another id. */
  unavailable(problem: string, cause?: unknown): Error;
  /** A JSON-RPC error: the service's code, its words as one short line, and its `data`. */
  refused(method: string, words: string, code: number, data: unknown): Error;
}

export interface RpcPostOptions {
  readonly url: string;
  readonly fetch?: FetchText;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly errors: RpcPostErrors;
}

export type RpcPost = (method: string, params: unknown[]) => Promise<unknown>;

const answerSchema = z.lazy(() =>
  z.union([
    z.object({ jsonrpc: z.literal('2.0'), id: z.number(), result: z.unknown() }),
    z.object({
      jsonrpc: z.literal('2.0'),
      id: z.number().nullable(),
      error: z.object({
        code: z.number().int(),
        message: z.string(),
        data: z.unknown().optional(),
      }),
    }),
  ]),
);

/** A service's own words, as one short line without control characters. */
export function oneLine(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || 'no reason given';
}

export function createRpcPost(options: RpcPostOptions): RpcPost {
  const fetchFn: FetchText = options.fetch ?? ((url, init) => fetch(url, init));
  const { errors, timeoutMs } = options;
  let nextId = 1;
  const tooLarge = new Error('too large');
  return async (method, params) => {
    const id = nextId++;
    const exchange = await fetchText(
      fetchFn,
      options.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        credentials: 'omit',
        redirect: 'error',
      },
      timeoutMs,
      (response) => readCapped(response, options.maxBytes, () => tooLarge),
    );
    if (!exchange.answered) {
      if (exchange.cause === tooLarge) {
        throw errors.unavailable(`answered ${method} with more than ${options.maxBytes} bytes`);
      }
      throw errors.unavailable(
        exchange.timedOut
          ? `did not answer ${method} within ${timeoutMs / 1000} s`
          : `could not be reached for ${method}`,
        exchange.cause,
      );
    }
    const answer = answerSchema.safeParse(parseJson(exchange.response.text));
    if (!answer.success) {
      throw errors.unavailable(
        `answered ${method} with something that is not JSON-RPC (HTTP ${exchange.response.status})`,
      );
    }
    if ('error' in answer.data) {
      const { code, message, data } = answer.data.error;
      throw errors.refused(method, oneLine(message), code, data);
    }
    if (answer.data.id !== id) throw errors.unavailable(`answered another request than ${method}`);
    return answer.data.result;
  };
}
