// The key holder as a fetch handler, for a host that mounts it (`app.mount`) or for
// `startKeyHolder`: its keys, its counter store, its limits, and a pruner for finished buckets.

import { clientAddressOf } from '@encore-wallet/utils/http';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { keyHolderRoutes } from './http/routes.ts';
import type { KeyRing } from './keys/key-ring.ts';
import { DEFAULT_GUESS_LIMITS, type GuessLimits } from './limits/guess-policy.ts';
import type { CounterEngine, CounterStore } from './store/counter-store.ts';
import { openCounterStore } from './store/open-counter-store.ts';

export interface KeyHolderOptions {
  keys: KeyRing;
  /** `sqlite:PATH` (default `sqlite:./data/key-holder.sqlite`) or `postgres://…`. */
  databaseUrl?: string;
  /** Limits; each field defaults to DEFAULT_GUESS_LIMITS's. */
  limits?: Partial<GuessLimits>;
  /** Proxies of the operator's in front (0: the socket's address is the client's). */
  trustProxy?: number;
  /** Origins a page may call from; default any (answers carry no secret and no cookie). */
  corsOrigins?: readonly string[];
  /** The clock, for tests. */
  now?: () => number;
}

export interface KeyHolder {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  readonly engine: CounterEngine;
  readonly limits: GuessLimits;
  close(): Promise<void>;
}

export async function createKeyHolder(options: KeyHolderOptions): Promise<KeyHolder> {
  const limits: GuessLimits = { ...DEFAULT_GUESS_LIMITS, ...options.limits };
  const store: CounterStore = await openCounterStore(options.databaseUrl);
  const now = options.now ?? Date.now;
  const trustProxy = options.trustProxy ?? 0;
  const app = new Hono();
  const origins = options.corsOrigins;
  app.use(
    '*',
    cors({
      origin: origins && origins.length > 0 ? [...origins] : '*',
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['content-type'],
      exposeHeaders: ['retry-after'],
      maxAge: 86_400,
    }),
  );
  keyHolderRoutes(app, {
    keys: options.keys,
    store,
    limits,
    now,
    addressOf: (c) => {
      let socket: string | undefined;
      try {
        socket = getConnInfo(c).remote.address;
      } catch {
        // Mounted outside @hono/node-server: no socket to read.
        socket = undefined;
      }
      return clientAddressOf(socket, c.req.header('x-forwarded-for'), trustProxy);
    },
  });
  const pruner = setInterval(
    () => void store.prune(now(), limits).catch(() => {}),
    limits.windowSeconds * 1000,
  );
  pruner.unref();
  let closing: Promise<void> | undefined;
  return {
    fetch: (request, env) => app.fetch(request, env),
    engine: store.engine,
    limits,
    close() {
      closing ??= (async () => {
        clearInterval(pruner);
        await store.close();
      })();
      return closing;
    },
  };
}
