// CORS for the configured origins only. A request whose Origin is not allowed is refused outright
// (403), so a page cannot even make the server do work (or spend someone's rate limit) blind.
import type { MiddlewareHandler } from 'hono';
import { jsonError } from './json-error.ts';
import type { OriginMatcher } from './origin-matcher.ts';

export function cors(isAllowed: OriginMatcher): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    c.header('Vary', 'Origin', { append: true });
    if (!isAllowed(origin)) return jsonError(c, 403, 'origin: is not allowed to call this server');
    c.header('Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      c.header('Access-Control-Allow-Methods', 'GET, POST');
      c.header('Access-Control-Allow-Headers', 'Content-Type, Accept');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    // Lets the extension read how long to wait after a 429.
    c.header('Access-Control-Expose-Headers', 'Retry-After');
    return next();
  };
}
