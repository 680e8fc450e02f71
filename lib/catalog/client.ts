import { z } from 'zod';
import { CatalogError } from './errors.ts';
import {
  rememberWalletRoute,
  type WalletLookupRoute,
  walletRouteOf,
} from './internal/host-memory.ts';
import { createTransport, type Query, type Transport } from './internal/transport.ts';
import { paginate } from './paginate.ts';
import {
  type ConnectedWallets,
  connectedWalletsSchema,
  type Favorite,
  favoriteSchema,
  type Playlist,
  playlistByIdSchema,
  playlistSchema,
  type Repost,
  repostSchema,
  type Supporter,
  type Supporting,
  supporterSchema,
  supportingSchema,
  type Track,
  trackSchema,
  type User,
  userIdByWalletSchema,
  userIdsByAddressSchema,
  userSchema,
  type VerifiedToken,
  verifiedTokenSchema,
} from './schemas/index.ts';
import type {
  CatalogClientOptions,
  Page,
  SearchPlaylistsOptions,
  SearchUsersOptions,
  TagsOptions,
  TrendingTime,
  UserTracksOptions,
} from './types.ts';

export interface CatalogClient {
  /** The API host this client talks to (picked once from the host list). */
  host(): Promise<string>;
  getUser(id: string): Promise<User>;
  /** The user whose wallet this is, or null when no user has it. */
  getUserIdByWallet(address: string): Promise<string | null>;
  searchUsers(query: string, opts?: SearchUsersOptions): Promise<User[]>;
  verifyToken(token: string): Promise<VerifiedToken>;
  getConnectedWallets(id: string): Promise<ConnectedWallets>;
  getFavorites(id: string): Promise<Favorite[]>;
  getReposts(id: string, page?: Page): Promise<Repost[]>;
  getFollowers(id: string, page?: Page): Promise<User[]>;
  getFollowing(id: string, page?: Page): Promise<User[]>;
  getSupporters(id: string, page?: Page): Promise<Supporter[]>;
  getSupporting(id: string, page?: Page): Promise<Supporting[]>;
  getTags(id: string, opts?: TagsOptions): Promise<string[]>;
  getUserTracks(id: string, opts?: UserTracksOptions): Promise<Track[]>;
  getRelatedUsers(id: string, page?: Page): Promise<User[]>;
  getSubscribers(id: string, page?: Page): Promise<User[]>;
  getPlaylist(id: string): Promise<Playlist>;
  searchPlaylists(query: string, opts?: SearchPlaylistsOptions): Promise<Playlist[]>;
  getTrendingPlaylists(time?: TrendingTime): Promise<Playlist[]>;
  getPlaylistTracks(id: string): Promise<Track[]>;
  /** Every item of a paged list, fetched `pageSize` at a time (default 100, the API maximum). */
  paginate<M extends PagedMethod>(
    method: M,
    id: string,
    pageSize?: number,
  ): AsyncGenerator<PagedItem<M>, void, undefined>;
}

/** The methods that take `(id, { offset, limit })`. */
export type PagedMethod =
  | 'getReposts'
  | 'getFollowers'
  | 'getFollowing'
  | 'getSupporters'
  | 'getSupporting'
  | 'getUserTracks'
  | 'getRelatedUsers'
  | 'getSubscribers';

export type PagedItem<M extends PagedMethod> =
  Awaited<ReturnType<CatalogClient[M]>> extends (infer T)[] ? T : never;

const DEFAULT_TIMEOUT_MS = 4000;

export function createCatalogClient(options: CatalogClientOptions): CatalogClient {
  const transport = createTransport({
    hostListUrl: options.hostListUrl,
    appName: options.appName,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    random: options.random ?? Math.random,
  });
  const seg = encodeURIComponent;
  const paged = (page?: Page): Query => ({ offset: page?.offset, limit: page?.limit });

  const client: CatalogClient = {
    host: () => transport.host(),
    getUser: (id) => transport.get('getUser', `/users/${seg(id)}`, {}, userSchema),
    getUserIdByWallet: (address) => userIdByWallet(transport, address),
    searchUsers: (query, opts = {}) =>
      transport.get('searchUsers', '/users/search', { ...opts, query }, z.array(userSchema)),
    verifyToken: (token) =>
      transport.get('verifyToken', '/users/verify_token', { token }, verifiedTokenSchema),
    getConnectedWallets: (id) =>
      transport.get(
        'getConnectedWallets',
        `/users/${seg(id)}/connected_wallets`,
        {},
        connectedWalletsSchema,
      ),
    getFavorites: (id) =>
      transport.get('getFavorites', `/users/${seg(id)}/favorites`, {}, z.array(favoriteSchema)),
    getReposts: (id, page) =>
      transport.get('getReposts', `/users/${seg(id)}/reposts`, paged(page), z.array(repostSchema)),
    getFollowers: (id, page) =>
      transport.get(
        'getFollowers',
        `/users/${seg(id)}/followers`,
        paged(page),
        z.array(userSchema),
      ),
    getFollowing: (id, page) =>
      transport.get(
        'getFollowing',
        `/users/${seg(id)}/following`,
        paged(page),
        z.array(userSchema),
      ),
    getSupporters: (id, page) =>
      transport.get(
        'getSupporters',
        `/users/${seg(id)}/supporters`,
        paged(page),
        z.array(supporterSchema),
      ),
    getSupporting: (id, page) =>
      transport.get(
        'getSupporting',
        `/users/${seg(id)}/supporting`,
        paged(page),
        z.array(supportingSchema),
      ),
    getTags: (id, opts = {}) =>
      transport.get('getTags', `/users/${seg(id)}/tags`, { ...opts }, z.array(z.string())),
    getUserTracks: (id, opts = {}) =>
      transport.get('getUserTracks', `/users/${seg(id)}/tracks`, { ...opts }, z.array(trackSchema)),
    getRelatedUsers: (id, page) =>
      transport.get(
        'getRelatedUsers',
        `/users/${seg(id)}/related`,
        paged(page),
        z.array(userSchema),
      ),
    getSubscribers: (id, page) =>
      transport.get(
        'getSubscribers',
        `/users/${seg(id)}/subscribers`,
        paged(page),
        z.array(userSchema),
      ),
    getPlaylist: (id) =>
      transport.get('getPlaylist', `/playlists/${seg(id)}`, {}, playlistByIdSchema),
    searchPlaylists: (query, opts = {}) =>
      transport.get(
        'searchPlaylists',
        '/playlists/search',
        { ...opts, query },
        z.array(playlistSchema),
      ),
    getTrendingPlaylists: (time) =>
      transport.get(
        'getTrendingPlaylists',
        '/playlists/trending',
        { time },
        z.array(playlistSchema),
      ),
    getPlaylistTracks: (id) =>
      transport.get('getPlaylistTracks', `/playlists/${seg(id)}/tracks`, {}, z.array(trackSchema)),
    paginate: (method, id, pageSize) => paginate(client, method, id, pageSize),
  };
  return client;
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
    const found = await transport.get(
      'getUserIdByWallet',
      '/users/id',
      { associated_wallet: address },
      userIdByWalletSchema,
    );
    rememberWalletRoute(await transport.host(), 'id');
    return found.user_id ?? null;
  }
  const entries = await transport.get(
    'getUserIdByWallet',
    '/users/address',
    { address },
    userIdsByAddressSchema,
  );
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
