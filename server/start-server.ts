// Starts the backend on a port (0 = any free one) and returns its URL and a close function.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestListener } from './app.ts';
import { type Funding, startFunding } from './funding/funding.ts';
import type { FundingOptions } from './funding/funding-config.ts';
import { createOriginMatcher } from './http/origin-matcher.ts';
import type { LogLine } from './http/request-log.ts';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimitOptions,
} from './rate-limit/rate-limiter.ts';
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

export interface StartServerOptions {
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default 127.0.0.1. Use 0.0.0.0 behind a load balancer. */
  host?: string;
  /** `sqlite:PATH` (default `sqlite:./data/encore.sqlite`) or `postgres://…`. */
  databaseUrl?: string;
  /** Allowed browser origins; `scheme://*` wildcards allowed. Default `chrome-extension://*`,
   * `moz-extension://*`. */
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
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  engine: EngineName;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
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
  const host = options.host ?? '127.0.0.1';
  const listener = createRequestListener(
    {
      store,
      limiter,
      funding,
      sponsor,
      isAllowedOrigin: createOriginMatcher(options.corsOrigins ?? DEFAULT_CORS_ORIGINS),
      trustProxy: options.trustProxy ?? 0,
      log,
    },
    host,
  );
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(listener);
    s.once('error', reject);
    s.listen(options.port ?? 0, host, () => resolve(s));
  }).catch(async (error: unknown) => {
    // Port taken or not allowed: release the database before reporting it.
    await funding?.stop();
    await sponsor?.stop();
    await store.close();
    throw error;
  });
  const pruner = setInterval(
    () => limiter.prune().catch(() => log?.('error pruning rate limit windows')),
    rateLimit.windowSeconds * 1000,
  );
  pruner.unref();

  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    engine: store.engine,
    close() {
      closing ??= (async () => {
        clearInterval(pruner);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open until they time out.
          server.closeAllConnections();
        });
        await funding?.stop();
        await sponsor?.stop();
        await store.close();
      })();
      return closing;
    },
  };
}
