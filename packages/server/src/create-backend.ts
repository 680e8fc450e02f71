// The backend without a port of its own: the request handler an integrator mounts in their Node
// server (Hono's app.mount, node:http, Express…), over its store, rate limiter and optional hooks.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AppDeps, createFetchHandler, createRequestListener } from './app.ts';
import { type Funding, startFunding } from './funding/funding.ts';
import type { FundingOptions } from './funding/funding-config.ts';
import type { FetchHandler } from './http/fetch-handler.ts';
import { createOriginMatcher } from './http/origin-matcher.ts';
import type { LogLine } from './http/request-log.ts';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimitOptions,
} from './rate-limit/rate-limiter.ts';
import { type PaymasterService, startPaymasterService } from './sponsor/paymaster-service.ts';
import { type Sponsor, startSponsor } from './sponsor/sponsor.ts';
import type { SponsorOptions } from './sponsor/sponsor-config.ts';
import { openStore } from './store/open-store.ts';
import type { EngineName } from './store/store.ts';

/**
 * Extension pages (Chromium's and Firefox's) in development; production deployments list their
 * extension ids instead.
 */
export const DEFAULT_CORS_ORIGINS: readonly string[] = [
  'chrome-extension://*',
  'moz-extension://*',
];

export interface BackendOptions {
  /** `sqlite:PATH` (default `sqlite:./data/encore.sqlite`) or `postgres://…`. */
  databaseUrl?: string;
  /**
   * Allowed browser origins; `scheme://*` wildcards allowed. Default `chrome-extension://*`,
   * `moz-extension://*`. Mounted on a site's own origin, list that origin too: browsers send
   * Origin on same-origin POSTs.
   */
  corsOrigins?: readonly string[];
  /**
   * Rate limits; missing fields keep the defaults: per 60 s, 10 lookups (GET /authentication) per
   * address and per lookupKey; 20 writes (POST /authentication, POST /users) per address and 10
   * per lookupKey.
   */
  rateLimit?: Partial<RateLimitOptions>;
  /** Number of trusted proxies in front (reads X-Forwarded-For); default 0. */
  trustProxy?: number;
  /** Request log sink; default: no logging. `npm run server` logs to stdout. */
  log?: LogLine;
  /** Pay each new address a small amount after sign-up (see docs/backend.md); default off. */
  funding?: FundingOptions;
  /** Pay for listeners' sponsored calls at POST /sponsor (see docs/backend.md); default off. */
  sponsor?: SponsorOptions;
  /**
   * The paymaster contract (EncorePaymaster) POST /paymaster signs ERC-7677 paymaster data for,
   * under the sponsor's rules and budgets; needs `sponsor`. Default off.
   */
  paymaster?: string;
}

/** A Node request listener, as `http.createServer` takes and Express's `app.use` mounts. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export interface Backend {
  /**
   * Web-standard handler. The client address (for rate limits) comes from the Node request in
   * `env` as `@hono/node-server` passes it (Hono on Node, `app.mount`), or from X-Forwarded-For
   * with `trustProxy`.
   */
  fetch: FetchHandler;
  /**
   * The same as a Node request listener (node:http, Express before any body parser), with the
   * fast path for plain lookups answered on Node's own request and response.
   */
  readonly listener: NodeListener;
  /**
   * A listener for a server that is only this backend (`startServer`): `hostname` is the address
   * it listens on, and the adapter may use its lighter global Request and Response.
   */
  listenerFor(options: { hostname?: string; overrideGlobalObjects?: boolean }): NodeListener;
  engine: EngineName;
  /** Stops the hooks and the pruner and closes the database; the caller closes its own server. */
  close(): Promise<void>;
}

export async function createBackend(options: BackendOptions = {}): Promise<Backend> {
  const store = await openStore(options.databaseUrl);
  const rateLimit = { ...DEFAULT_RATE_LIMIT, ...options.rateLimit };
  const limiter = createRateLimiter(store, rateLimit);
  const log = options.log;
  const funding: Funding | undefined = options.funding
    ? startFunding(store, options.funding, log)
    : undefined;
  const sponsor: Sponsor | undefined = options.sponsor
    ? startSponsor(store, options.sponsor, log)
    : undefined;
  const paymaster: PaymasterService | undefined =
    options.sponsor && options.paymaster
      ? startPaymasterService(store, options.sponsor, options.paymaster, log)
      : undefined;
  const deps: AppDeps = {
    store,
    limiter,
    funding,
    sponsor,
    paymaster,
    isAllowedOrigin: createOriginMatcher(options.corsOrigins ?? DEFAULT_CORS_ORIGINS),
    trustProxy: options.trustProxy ?? 0,
    log,
  };
  const fetch = createFetchHandler(deps);
  const listenerFor = (listenerOptions: {
    hostname?: string;
    overrideGlobalObjects?: boolean;
  }): NodeListener => {
    const listen = createRequestListener(deps, fetch, listenerOptions);
    return async (request, response) => listen(request, response);
  };
  const pruner = setInterval(
    () => limiter.prune().catch(() => log?.('error pruning rate limit windows')),
    rateLimit.windowSeconds * 1000,
  );
  pruner.unref();
  // Made when first asked for (startServer takes its own from listenerFor). It leaves the host's
  // global Request and Response as they are (the adapter's default swaps them).
  let listener: NodeListener | undefined;

  let closing: Promise<void> | undefined;
  return {
    fetch,
    get listener() {
      listener ??= listenerFor({ overrideGlobalObjects: false });
      return listener;
    },
    listenerFor,
    engine: store.engine,
    close() {
      closing ??= (async () => {
        clearInterval(pruner);
        await funding?.stop();
        await sponsor?.stop();
        await store.close();
      })();
      return closing;
    },
  };
}
