import type { z } from 'zod';
import { CatalogError } from '../errors.ts';
import { envelope } from '../schemas/common.ts';
import { loadHosts } from './host-list.ts';
import { isHostBad, markHostBad } from './host-memory.ts';
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
  /** GET `{host}/v1{path}`, unwrap `{data}`, parse; one retry on another host for transient failures. */
  get<S extends z.ZodType>(
    endpoint: string,
    path: string,
    query: Query,
    schema: S,
  ): Promise<z.output<S>>;
}

export function createTransport(opts: TransportOptions): Transport {
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

  function pick(list: string[], exclude?: string): string {
    const others = exclude === undefined ? list : list.filter((h) => h !== exclude);
    const healthy = others.filter((h) => !isHostBad(h));
    const pool = healthy.length > 0 ? healthy : others.length > 0 ? others : list;
    const index = Math.min(pool.length - 1, Math.floor(opts.random() * pool.length));
    return pool[index]!;
  }

  let picking: Promise<string> | undefined;

  async function host(): Promise<string> {
    if (current !== undefined) return current;
    // Requests started together before the first pick share it: one host per client.
    picking ??= hosts()
      .then((list) => {
        current ??= pick(list);
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
  ): Promise<z.output<S>> {
    const url = buildUrl(base, path, { ...query, app_name: opts.appName });
    const where = { host: base, path };
    const answer = await getJson(opts.fetch, url, opts.timeoutMs, where);
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
    try {
      return await once(first, endpoint, path, query, schema);
    } catch (error) {
      if (!(error instanceof CatalogError) || !error.retryable) throw error;
      markHostBad(first);
      const second = pick(await hosts(), first);
      current = second;
      try {
        return await once(second, endpoint, path, query, schema);
      } catch (retryError) {
        if (retryError instanceof CatalogError && retryError.retryable) markHostBad(second);
        throw retryError;
      }
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
