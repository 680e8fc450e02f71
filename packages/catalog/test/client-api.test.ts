// The client's methods are derived from the endpoint table (packages/catalog/src/endpoints.ts); the
// extension, the demo and sites use them as written out below. The type checks fail `tsc` (and so
// `npm run typecheck`) when a derived signature drifts; the runtime check when a method is missing.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CatalogClient,
  type ConnectedWallets,
  createCatalogClient,
  type Favorite,
  type Page,
  type PagedItem,
  type PagedMethod,
  type Playlist,
  type Repost,
  type SearchPlaylistsOptions,
  type SearchUsersOptions,
  type Supporter,
  type Supporting,
  type TagsOptions,
  type Track,
  type TrendingTime,
  type User,
  type UserTracksOptions,
  type VerifiedToken,
} from '../src/index.ts';

interface WrittenOut {
  host(): Promise<string>;
  getUser(id: string): Promise<User>;
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
  getTracks(ids: readonly string[]): Promise<Track[]>;
  getPlaylists(ids: readonly string[]): Promise<Playlist[]>;
  getUserPlaylists(id: string, page?: Page): Promise<Playlist[]>;
  paginate<M extends PagedMethod>(
    method: M,
    id: string,
    pageSize?: number,
  ): AsyncGenerator<PagedItem<M>, void, undefined>;
}

type WrittenOutPaged =
  | 'getReposts'
  | 'getFollowers'
  | 'getFollowing'
  | 'getSupporters'
  | 'getSupporting'
  | 'getUserTracks'
  | 'getRelatedUsers'
  | 'getSubscribers'
  | 'getUserPlaylists';

describe('catalog client API', () => {
  it('has every method, each with the signature written out', () => {
    expectTypeOf<CatalogClient>().toEqualTypeOf<WrittenOut>();
    expectTypeOf<PagedMethod>().toEqualTypeOf<WrittenOutPaged>();
    expectTypeOf<PagedItem<'getSupporters'>>().toEqualTypeOf<Supporter>();
    expectTypeOf<PagedItem<'getUserTracks'>>().toEqualTypeOf<Track>();
    // Option types are made from the API's value lists (query-values.ts); these are those lists.
    expectTypeOf<TrendingTime>().toEqualTypeOf<'week' | 'month' | 'year' | 'allTime'>();
    expectTypeOf<SearchUsersOptions['sort_method']>().toEqualTypeOf<
      'relevant' | 'popular' | 'recent' | undefined
    >();
    expectTypeOf<UserTracksOptions>().toEqualTypeOf<{
      offset?: number;
      limit?: number;
      sort?: 'date' | 'plays';
      query?: string;
      sort_method?:
        | 'title'
        | 'artist_name'
        | 'release_date'
        | 'last_listen_date'
        | 'added_date'
        | 'plays'
        | 'reposts'
        | 'saves'
        | 'most_listens_by_user';
      sort_direction?: 'asc' | 'desc';
      filter_tracks?: 'all' | 'public' | 'unlisted';
    }>();

    const client = createCatalogClient({ hostListUrl: 'http://127.0.0.1:9/', appName: 'test' });
    const methods = Object.keys(client).filter(
      (k) => typeof client[k as keyof CatalogClient] === 'function',
    );
    const expected: Record<keyof WrittenOut, true> = {
      host: true,
      getUser: true,
      getUserIdByWallet: true,
      searchUsers: true,
      verifyToken: true,
      getConnectedWallets: true,
      getFavorites: true,
      getReposts: true,
      getFollowers: true,
      getFollowing: true,
      getSupporters: true,
      getSupporting: true,
      getTags: true,
      getUserTracks: true,
      getRelatedUsers: true,
      getSubscribers: true,
      getPlaylist: true,
      searchPlaylists: true,
      getTrendingPlaylists: true,
      getPlaylistTracks: true,
      getTracks: true,
      getPlaylists: true,
      getUserPlaylists: true,
      paginate: true,
    };
    expect(methods.sort()).toEqual(Object.keys(expected).sort());
  });
});
