// Every v1 endpoint the client calls, in one table: the method name (also the `endpoint` a
// CatalogError names), how its arguments become the path and the query, the schema of the answer's
// `data`, and whether it pages. The client's methods, their types and the paging helper are
// derived from this table; adding an endpoint is adding a row (docs/extending.md).
import { z } from 'zod';
import type { Query } from './internal/transport.ts';
import {
  connectedWalletsSchema,
  favoriteSchema,
  playlistByIdSchema,
  playlistSchema,
  repostSchema,
  supporterSchema,
  supportingSchema,
  trackSchema,
  userIdByWalletSchema,
  userIdsByAddressSchema,
  userSchema,
  verifiedTokenSchema,
} from './schemas/index.ts';
import type {
  Page,
  SearchPlaylistsOptions,
  SearchUsersOptions,
  TagsOptions,
  TrendingTime,
  UserTracksOptions,
} from './types.ts';

/** A GET under `{host}/v1`. */
export interface EndpointRequest {
  path: string;
  query: Query;
}

export interface Endpoint<A extends unknown[], S extends z.ZodType, P extends boolean> {
  /** The method's arguments → path and query (the parameter types are the method's). */
  request: (...args: A) => EndpointRequest;
  /** Schema of the answer's `data`. */
  response: S;
  /** Takes `(id, { offset, limit })` and answers a list: `paginate` can walk it. */
  paged: P;
}

function get<A extends unknown[], S extends z.ZodType>(
  request: (...args: A) => EndpointRequest,
  response: S,
): Endpoint<A, S, false> {
  return { request, response, paged: false };
}

/** A list of `item`s (the array schema made on first use, not when this table is). */
function listOf<S extends z.ZodType>(item: S): z.ZodLazy<z.ZodArray<S>> {
  return z.lazy(() => z.array(item));
}

/** A list taken a page at a time; its second argument carries at least `offset` and `limit`. */
function paged<A extends [id: string, page?: Page], S extends z.ZodType>(
  request: (...args: A) => EndpointRequest,
  item: S,
): Endpoint<A, z.ZodLazy<z.ZodArray<S>>, true> {
  return { request, response: listOf(item), paged: true };
}

const seg = encodeURIComponent;
const at = (path: string, query: Query = {}): EndpointRequest => ({ path, query });
const pageQuery = (page?: Page): Query => ({ offset: page?.offset, limit: page?.limit });

export const ENDPOINTS = {
  getUser: get((id: string) => at(`/users/${seg(id)}`), userSchema),
  searchUsers: get(
    (query: string, opts: SearchUsersOptions = {}) => at('/users/search', { ...opts, query }),
    listOf(userSchema),
  ),
  verifyToken: get((token: string) => at('/users/verify_token', { token }), verifiedTokenSchema),
  getConnectedWallets: get(
    (id: string) => at(`/users/${seg(id)}/connected_wallets`),
    connectedWalletsSchema,
  ),
  getFavorites: get((id: string) => at(`/users/${seg(id)}/favorites`), listOf(favoriteSchema)),
  getReposts: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/reposts`, pageQuery(page)),
    repostSchema,
  ),
  getFollowers: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/followers`, pageQuery(page)),
    userSchema,
  ),
  getFollowing: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/following`, pageQuery(page)),
    userSchema,
  ),
  getSupporters: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/supporters`, pageQuery(page)),
    supporterSchema,
  ),
  getSupporting: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/supporting`, pageQuery(page)),
    supportingSchema,
  ),
  getTags: get(
    (id: string, opts: TagsOptions = {}) => at(`/users/${seg(id)}/tags`, { ...opts }),
    z.lazy(() => z.array(z.string())),
  ),
  getUserTracks: paged(
    (id: string, opts: UserTracksOptions = {}) => at(`/users/${seg(id)}/tracks`, { ...opts }),
    trackSchema,
  ),
  getRelatedUsers: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/related`, pageQuery(page)),
    userSchema,
  ),
  getSubscribers: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/subscribers`, pageQuery(page)),
    userSchema,
  ),
  getPlaylist: get((id: string) => at(`/playlists/${seg(id)}`), playlistByIdSchema),
  searchPlaylists: get(
    (query: string, opts: SearchPlaylistsOptions = {}) =>
      at('/playlists/search', { ...opts, query }),
    listOf(playlistSchema),
  ),
  getTrendingPlaylists: get(
    (time?: TrendingTime) => at('/playlists/trending', { time }),
    listOf(playlistSchema),
  ),
  getPlaylistTracks: get((id: string) => at(`/playlists/${seg(id)}/tracks`), listOf(trackSchema)),
  /** Tracks by id, in one request (`/tracks?id=a&id=b`); hosts answer in an order of their own. */
  getTracks: get((ids: readonly string[]) => at('/tracks', { id: ids }), listOf(trackSchema)),
  /** Playlists by id, in one request (`/playlists?id=a&id=b`). */
  getPlaylists: get(
    (ids: readonly string[]) => at('/playlists', { id: ids }),
    listOf(playlistSchema),
  ),
  /** The playlists and albums a user made (newer hosts only; older ones answer 404). */
  getUserPlaylists: paged(
    (id: string, page?: Page) => at(`/users/${seg(id)}/playlists`, pageQuery(page)),
    playlistSchema,
  ),
};

/**
 * The two routes behind `getUserIdByWallet`: older hosts serve `/users/id?associated_wallet=`,
 * newer ones `/users/address?address=` (client.ts decides which to ask).
 */
export const WALLET_LOOKUP_ROUTES = {
  id: get(
    (address: string) => at('/users/id', { associated_wallet: address }),
    userIdByWalletSchema,
  ),
  address: get((address: string) => at('/users/address', { address }), userIdsByAddressSchema),
};

type Endpoints = typeof ENDPOINTS;

/** One client method per row of ENDPOINTS: the row's arguments, its answer's `data`. */
export type EndpointMethods = {
  [K in keyof Endpoints]: (
    ...args: Parameters<Endpoints[K]['request']>
  ) => Promise<z.output<Endpoints[K]['response']>>;
};

/** The methods that take `(id, { offset, limit })`. */
export type PagedMethod = {
  [K in keyof Endpoints]: Endpoints[K]['paged'] extends true ? K : never;
}[keyof Endpoints];

export type PagedItem<M extends PagedMethod> =
  z.output<Endpoints[M]['response']> extends (infer T)[] ? T : never;
