// CORS for the configured origins only. A request carrying an Origin that is not allowed is
// refused outright (403) before any work, so a page on another origin cannot make the server act
// (or spend someone's rate limit) with a fetch or a form post. A request without Origin is served:
// servers, curl and Node send none — and neither does a page's <img> or link (a no-cors GET or a
// navigation), which is why the Fetch Metadata check in resource-isolation.ts runs before this.
// It wraps the application's fetch instead of being Hono middleware: with no middleware, Hono
// dispatches each route straight to its one handler, which measurably cheapens every request.
import type { ErrorResponse } from '@encore-wallet/contract';
import type { FetchHandler } from './fetch-handler.ts';
import type { OriginMatcher } from './origin-matcher.ts';

/** What browser code may read of an answer: how long to wait after a 429. */
export const CORS_EXPOSED_HEADERS = 'Retry-After';

export function withCors(handler: FetchHandler, isAllowed: OriginMatcher): FetchHandler {
  return async (request, env) => {
    const origin = request.headers.get('origin');
    if (origin === null) return handler(request, env);
    if (!isAllowed(origin)) {
      const body: ErrorResponse = { error: 'origin: is not allowed to call this server' };
      return Response.json(body, { status: 403, headers: { Vary: 'Origin' } });
    }
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': 'Content-Type, Accept',
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      });
    }
    const response = await handler(request, env);
    // Hono's responses are our own; a fresh copy keeps this safe should one ever be immutable.
    const headers = new Headers(response.headers);
    headers.set('Access-Control-Allow-Origin', origin);
    // Lets the extension read how long to wait after a 429.
    headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
    headers.append('Vary', 'Origin');
    return new Response(response.body, { status: response.status, headers });
  };
}
