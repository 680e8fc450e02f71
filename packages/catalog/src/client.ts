import {
  ENDPOINTS,
  type EndpointMethods,
  type EndpointRequest,
  type PagedItem,
  type PagedMethod,
  WALLET_LOOKUP_ROUTES,
} from './endpoints.ts';
import { CatalogError } from './errors.ts';
import {
  rememberWalletRoute,
  type WalletLookupRoute,
  walletRouteOf,
} from './internal/host-memory.ts';
import { createTransport, type Transport } from './internal/transport.ts';
import { paginate } from './paginate.ts';
import type { CatalogClientOptions } from './types.ts';

export type { PagedItem, PagedMethod };

/** The methods of ENDPOINTS (endpoints.ts), plus what is not one GET. */
export interface CatalogClient extends EndpointMethods {
  /** The API host this client talks to (picked once from the host list). */
  host(): Promise<string>;
  /** The user whose wallet this is, or null when no user has it. */
  getUserIdByWallet(address: string): Promise<string | null>;
  /** Every item of a paged list, fetched `pageSize` at a time (default 100, the API maximum). */
  paginate<M extends PagedMethod>(
    method: M,
    id: string,
    pageSize?: number,
  ): AsyncGenerator<PagedItem<M>, void, undefined>;
}

const DEFAULT_TIMEOUT_MS = 4000;

export function createCatalogClient(options: CatalogClientOptions): CatalogClient {
  const transport = createTransport({
    hostListUrl: options.hostListUrl,
    appName: options.appName,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    random: options.random ?? Math.random,
  });
  const client: CatalogClient = {
    ...endpointMethods(transport),
    host: () => transport.host(),
    getUserIdByWallet: (address) => userIdByWallet(transport, address),
    paginate: (method, id, pageSize) => paginate(client, method, id, pageSize),
  };
  return client;
}

/** One method per row of ENDPOINTS: build the request, GET it, parse `data` with the row's schema. */
function endpointMethods(transport: Transport): EndpointMethods {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    const request = endpoint.request as (...args: unknown[]) => EndpointRequest;
    methods[name] = (...args: unknown[]) => {
      const { path, query } = request(...args);
      return transport.get(name, path, query, endpoint.response);
    };
  }
  return methods as unknown as EndpointMethods;
}

/**
 * Older hosts answer `/users/id?associated_wallet=`; newer ones dropped it for
 * `/users/address?address=`. A 400/404 from one route means "try the other"; a miss on both (or
 * on the route a host is known to serve) means no user. What each host supports is remembered, so
 * only the first lookup pays twice. Every decision is about the host that actually answered: a
 * failover may land on a host of the other dialect.
 */
async function userIdByWallet(transport: Transport, address: string): Promise<string | null> {
  const first: WalletLookupRoute =
    walletRouteOf(await transport.host()) === 'address' ? 'address' : 'id';
  let missedOn: string;
  try {
    return await lookUpWallet(transport, first, address);
  } catch (error) {
    if (!isClientMiss(error)) throw error;
    missedOn = await transport.host();
    if (walletRouteOf(missedOn) === first) return null;
  }
  try {
    return await lookUpWallet(transport, first === 'id' ? 'address' : 'id', address);
  } catch (error) {
    if (!isClientMiss(error)) throw error;
    // Both routes missed on one host: an older host that simply knows no such user.
    const host = await transport.host();
    if (host === missedOn) rememberWalletRoute(host, 'id');
    return null;
  }
}

async function lookUpWallet(
  transport: Transport,
  route: WalletLookupRoute,
  address: string,
): Promise<string | null> {
  if (route === 'id') {
    const { request, response } = WALLET_LOOKUP_ROUTES.id;
    const { path, query } = request(address);
    const found = await transport.get('getUserIdByWallet', path, query, response);
    rememberWalletRoute(await transport.host(), 'id');
    return found.user_id ?? null;
  }
  const { request, response } = WALLET_LOOKUP_ROUTES.address;
  const { path, query } = request(address);
  const entries = await transport.get('getUserIdByWallet', path, query, response);
  rememberWalletRoute(await transport.host(), 'address');
  const wanted = address.toLowerCase();
  const match = entries.find((e) => e.address.toLowerCase() === wanted) ?? entries[0];
  return match?.user_id ?? null;
}

function isClientMiss(error: unknown): boolean {
  return (
    error instanceof CatalogError &&
    error.code === 'CATALOG_HTTP_ERROR' &&
    (error.status === 404 || error.status === 400)
  );
}
