import type { z } from 'zod';
import { CatalogError } from '../errors.ts';
import { envelope } from '../schemas/common.ts';
import { hedge } from './hedge.ts';
import { createHedgeDelay } from './hedge-delay.ts';
import { loadHosts } from './host-list.ts';
import { isHostBad, isHostSlow, markHostBad, markHostSlow } from './host-memory.ts';
import { type FetchFn, getJson } from './http.ts';
import { serverMessageOf } from './server-message.ts';
import { validate } from './validate.ts';

export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Record<string, QueryValue>;

export interface TransportOptions {
  hostListUrl: string;
  appName: string;
  fetch: FetchFn;
  timeoutMs: number;
  random: () => number;
}

export interface Transport {
  /** The host this client currently talks to (chosen once, on first use). */
  host(): Promise<string>;
  /**
   * GET `{host}/v1{path}`, unwrap `{data}`, parse. A slow host is hedged and a transient failure
   * moves on to another host (see hedge.ts); at most MAX_ATTEMPTS hosts per request.
   */
  get<S extends z.ZodType>(
    endpoint: string,
    path: string,
    query: Query,
    schema: S,
  ): Promise<z.output<S>>;
}

/** Hosts one request may try: the chosen one, then one hedge or failover, then one more. */
const MAX_ATTEMPTS = 3;

export function createTransport(opts: TransportOptions): Transport {
  const hedgeDelay = createHedgeDelay();
  let hostsPromise: Promise<string[]> | undefined;
  let current: string | undefined;

  function hosts(): Promise<string[]> {
    if (!hostsPromise) {
      hostsPromise = loadHosts(opts.fetch, opts.hostListUrl, opts.timeoutMs);
      // A failed host-list fetch must not stick: the next call tries again.
      hostsPromise.catch(() => {
        hostsPromise = undefined;
      });
    }
    return hostsPromise;
  }

  /** A host not in `exclude`: one neither bad nor slow if any, then one not bad, then any. */
  function pick(list: readonly string[], exclude: readonly string[] = []): string | undefined {
    const others = list.filter((h) => !exclude.includes(h));
    const usable = others.filter((h) => !isHostBad(h));
    const fast = usable.filter((h) => !isHostSlow(h));
    const pool = fast.length > 0 ? fast : usable.length > 0 ? usable : others;
    if (pool.length === 0) return undefined;
    const index = Math.min(pool.length - 1, Math.floor(opts.random() * pool.length));
    return pool[index];
  }

  let picking: Promise<string> | undefined;

  async function host(): Promise<string> {
    if (current !== undefined) return current;
    // Requests started together before the first pick share it: one host per client.
    picking ??= hosts()
      .then((list) => {
        // loadHosts never returns an empty list.
        current ??= pick(list) ?? list[0]!;
        return current;
      })
      .finally(() => {
        picking = undefined;
      });
    return picking;
  }

  async function once<S extends z.ZodType>(
    base: string,
    endpoint: string,
    path: string,
    query: Query,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const url = buildUrl(base, path, { ...query, app_name: opts.appName });
    const where = { host: base, path };
    const answer = await getJson(opts.fetch, url, opts.timeoutMs, where, signal);
    if (answer.status < 200 || answer.status > 299) {
      const serverMessage = serverMessageOf(answer.body);
      throw new CatalogError(
        'CATALOG_HTTP_ERROR',
        `${endpoint}: ${base} answered ${answer.status}${serverMessage ? ` (${serverMessage})` : ''}`,
        { ...where, endpoint, status: answer.status, serverMessage },
      );
    }
    const parsed = validate(envelope(schema), answer.body, {
      ...where,
      endpoint,
      status: answer.status,
    }) as { data: z.output<S> };
    return parsed.data;
  }

  async function get<S extends z.ZodType>(
    endpoint: string,
    path: string,
    query: Query,
    schema: S,
  ): Promise<z.output<S>> {
    const first = await host();
    const list = await hosts();
    try {
      const won = await hedge({
        first,
        next: (tried) => pick(list, tried),
        run: (base, signal) => once(base, endpoint, path, query, schema, signal),
        retryable: (error) => error instanceof CatalogError && error.retryable,
        delayMs: hedgeDelay.current(),
        maxAttempts: MAX_ATTEMPTS,
        onFailed: (base) => {
          markHostBad(base);
          if (current === base) current = undefined;
        },
        onSlow: markHostSlow,
        onAnswered: (_base, ms) => hedgeDelay.record(ms),
      });
      // Later requests go where the answer came from.
      current = won.host;
      return won.value;
    } catch (error) {
      // A refusal (4xx) or a malformed answer is about the host that gave it (the wallet lookup
      // decides its route by it); a transient failure already moved the client off that host.
      if (error instanceof CatalogError && !error.retryable && error.host !== null) {
        if (list.includes(error.host)) current = error.host;
      }
      throw error;
    }
  }

  return { host, get };
}

function buildUrl(base: string, path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  return `${base}/v1${path}?${params.toString()}`;
}
