// GET /authentication?lookupKey=<64 hex digits>, the route every login calls, answered straight
// from Node's request and response objects: no Web Request, no Response, no Headers, no routing.
// It takes only requests whose every check it can decide as the general path would, and decides
// them the same way: the Fetch Metadata refusal, CORS, the rate limit in the database, the record,
// the request log. Anything else — another method or path, an encoded, missing, repeated or
// malformed lookupKey, an unusual Host, a request the Fetch Metadata rule or CORS refuses — it
// leaves untouched to the general path (Hono behind resource-isolation.ts and cors.ts), which
// answers it, error message and all. packages/server/test/integration/lookup-fast-path.test.ts holds the
// two paths to the same answers, header for header.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthRecord, ErrorResponse } from '@encore-wallet/contract';
import { clientAddressOf } from '@encore-wallet/utils/http';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { StoreDurabilityError } from '../store/store-errors.ts';
import { CORS_EXPOSED_HEADERS } from './cors.ts';
import type { OriginMatcher } from './origin-matcher.ts';
import { type LogLine, requestLine, unexpectedErrorLine } from './request-log.ts';
import { isRefusedFetchMetadata } from './resource-isolation.ts';

export interface LookupFastPathDeps {
  limiter: RateLimiter;
  isAllowedOrigin: OriginMatcher;
  trustProxy: number;
  log?: LogLine;
}

/** Answers the request and returns true, or returns false having touched nothing. */
export type NodeFastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

const PREFIX = '/authentication?lookupKey=';
const KEY_LENGTH = 64;
const URL_LENGTH = PREFIX.length + KEY_LENGTH;
// The Host @hono/node-server takes as it is; any other goes the general way, where it is checked.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

const NOT_FOUND = errorBody('lookupKey: no record has this lookupKey');
const TOO_MANY = errorBody('too many lookups: try again later');
const INTERNAL = errorBody('server: internal error');

export function createLookupFastPath(deps: LookupFastPathDeps): NodeFastPath {
  const { limiter, isAllowedOrigin, trustProxy, log } = deps;
  // Clients send the same Host on every request: test a new one only.
  let plainHost = '';
  // The last record answered and its body (reused only for that very object).
  let lastRecord: AuthRecord | null = null;
  let lastBody = '';

  return (request, response) => {
    const url = request.url;
    if (
      request.method !== 'GET' ||
      url === undefined ||
      url.length !== URL_LENGTH ||
      !url.startsWith(PREFIX) ||
      !isHex(url, PREFIX.length)
    ) {
      return false;
    }
    const headers = request.headers;
    const host = headers.host;
    if (host !== plainHost) {
      if (host === undefined || !PLAIN_HOST.test(host)) return false;
      plainHost = host;
    }
    if (
      isRefusedFetchMetadata(
        headers['sec-fetch-site'] as string | undefined,
        headers['sec-fetch-mode'] as string | undefined,
        headers['sec-fetch-dest'] as string | undefined,
      )
    ) {
      return false;
    }
    const origin = headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin)) return false;

    const started = log ? performance.now() : 0;
    // Hex compares case-insensitively; Hedgehog itself only ever sends lowercase.
    const lookupKey = url.slice(PREFIX.length).toLowerCase();
    const address = clientAddressOf(
      request.socket.remoteAddress,
      headers['x-forwarded-for'] as string | undefined,
      trustProxy,
    );
    // Asked together so the store can serve both in one transaction; a refused lookup's record
    // is read but never sent.
    limiter.lookupWith(address, lookupKey, (error, decision, record) => {
      if (error instanceof StoreDurabilityError) {
        // Its record is not known to be on disk: the general path's 503, word for word.
        writeJson(response, 503, errorBody(error.message), origin);
        log?.(requestLine('GET', '/authentication', 503, started));
        return;
      }
      if (error !== null || decision === undefined) {
        log?.(unexpectedErrorLine('GET', error));
        writeJson(response, 500, INTERNAL, origin);
        log?.(requestLine('GET', '/authentication', 500, started));
        return;
      }
      let status: number;
      if (!decision.allowed) {
        status = 429;
        writeJson(
          response,
          status,
          TOO_MANY,
          origin,
          'retry-after',
          `${decision.retryAfterSeconds}`,
        );
      } else if (!record) {
        status = 404;
        writeJson(response, status, NOT_FOUND, origin);
      } else {
        // The lookups of one batch that ask the same lookupKey share one record object, read in
        // that batch's transaction: its body is serialized once, and a later batch (new objects)
        // never gets it.
        if (record !== lastRecord) {
          lastRecord = record;
          lastBody = JSON.stringify(record);
        }
        status = 200;
        writeJson(response, status, lastBody, origin, 'cache-control', 'no-store');
      }
      if (log) log(requestLine('GET', '/authentication', status, started));
    });
    return true;
  };
}

/** A JSON answer with the headers the general path gives it (CORS's when there is an Origin). */
function writeJson(
  response: ServerResponse,
  status: number,
  body: string,
  origin: string | undefined,
  name?: string,
  value?: string,
): void {
  const headers: Record<string, string | number> =
    origin === undefined
      ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      : {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'access-control-allow-origin': origin,
          'access-control-expose-headers': CORS_EXPOSED_HEADERS,
          vary: 'Origin',
        };
  if (name !== undefined && value !== undefined) headers[name] = value;
  try {
    response.writeHead(status, headers).end(body);
  } catch {
    // Nothing can be answered (a header Node refuses to send): close rather than leave it hanging.
    response.destroy();
  }
}

/** Whether `text` from `start` on is only hex digits. */
function isHex(text: string, start: number): boolean {
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // 0-9, A-F, a-f
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

function errorBody(error: string): string {
  const body: ErrorResponse = { error };
  return JSON.stringify(body);
}
