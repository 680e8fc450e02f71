// The application: request log → resource isolation (Fetch Metadata) → CORS → Hono routes; every
// error answer is JSON `{ error }` (POST /sponsor and POST /paymaster answer JSON-RPC errors). In front of it, for
// Node's HTTP server, the lookup fast path (http/lookup-fast-path.ts) answers the plain
// GET /authentication requests itself, with the same checks.
import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { Funding } from './funding/funding.ts';
import { withCors } from './http/cors.ts';
import type { FetchHandler } from './http/fetch-handler.ts';
import { jsonError } from './http/json-error.ts';
import { createLookupFastPath } from './http/lookup-fast-path.ts';
import type { OriginMatcher } from './http/origin-matcher.ts';
import { type LogLine, unexpectedErrorLine, withRequestLog } from './http/request-log.ts';
import { withResourceIsolation } from './http/resource-isolation.ts';
import { authenticationRoutes } from './http/routes/authentication.ts';
import { healthRoutes } from './http/routes/health.ts';
import { PAYMASTER_PATH, paymasterRoutes } from './http/routes/paymaster.ts';
import { SPONSOR_PATH, sponsorRoutes } from './http/routes/sponsor.ts';
import { USER_PATHS, userRoutes } from './http/routes/users.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { PaymasterService } from './sponsor/paymaster-service.ts';
import type { Sponsor } from './sponsor/sponsor.ts';
import type { Store } from './store/store.ts';
import { StoreDurabilityError } from './store/store-errors.ts';

export interface AppDeps {
  store: Store;
  limiter: RateLimiter;
  isAllowedOrigin: OriginMatcher;
  trustProxy: number;
  /** Pays new addresses after sign-up; absent: off. */
  funding?: Funding;
  /** Pays for listeners' sponsored calls (POST /sponsor); absent: off. */
  sponsor?: Sponsor;
  /** The sponsor as an ERC-7677 paymaster service (POST /paymaster); absent: off. */
  paymaster?: PaymasterService;
  /** No logger, no logging wrapper at all (it costs a few µs per request). */
  log?: LogLine;
}

const ROUTES: Record<string, string> = {
  '/authentication': 'GET, POST',
  '/health': 'GET',
  [SPONSOR_PATH]: 'POST',
  [PAYMASTER_PATH]: 'POST',
  ...Object.fromEntries(USER_PATHS.map((path) => [path, 'POST'])),
};

/**
 * The request handler to serve: Hono's fetch wrapped in CORS, then in the cross-site refusal (so
 * a refused request costs no work at all) and, if asked, the request log (which sees refusals too).
 */
export function createFetchHandler(deps: AppDeps): FetchHandler {
  const app = createApp(deps);
  const routes: FetchHandler = (request, env) => app.fetch(request, env as object);
  const isolated = withResourceIsolation(withCors(routes, deps.isAllowedOrigin));
  return deps.log ? withRequestLog(isolated, deps.log, new Set(Object.keys(ROUTES))) : isolated;
}

/**
 * The listener for Node's HTTP server: the lookup fast path, and @hono/node-server's adapter
 * around `fetch` (createFetchHandler's, built once by the caller) for every request the fast path
 * leaves alone. `hostname` is the
 * address listened on (the adapter's URL host for a request without Host);
 * `overrideGlobalObjects: false` leaves a host process's global Request and Response alone (the
 * adapter's lighter ones are faster, for a process that is only this server).
 */
export function createRequestListener(
  deps: AppDeps,
  fetch: FetchHandler,
  options: { hostname?: string; overrideGlobalObjects?: boolean } = {},
): RequestListener {
  const general = getRequestListener(fetch, options);
  const lookup = createLookupFastPath(deps);
  return (request, response) => {
    if (!lookup(request, response)) void general(request, response);
  };
}

function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  authenticationRoutes(app, deps);
  userRoutes(app, deps);
  sponsorRoutes(app, deps);
  paymasterRoutes(app, deps);
  healthRoutes(app, deps.store, deps.funding, deps.sponsor);
  // Known path, other method: 405. Decided here rather than by catch-all routes, which would
  // make every real request match (and compose) one handler more.
  app.notFound((c) => {
    const allow = ROUTES[c.req.path];
    if (allow) {
      return jsonError(c, 405, `method: ${c.req.method} is not allowed here`, { Allow: allow });
    }
    return jsonError(c, 404, 'path: no such route');
  });
  // The message of an unexpected error may quote SQL or values: log only its kind.
  app.onError((error, c) => {
    // A store that cannot promise the write (or the record) is on disk: 503, its code in the text.
    if (error instanceof StoreDurabilityError) return jsonError(c, 503, error.message);
    deps.log?.(unexpectedErrorLine(c.req.method, error));
    return jsonError(c, 500, 'server: internal error');
  });
  return app;
}
