import type { CatalogClient, Favorite, UserTracksOptions } from '@encore-wallet/catalog';
import { type LibraryItem, playlistItem, supporterItem, trackItem, userItem } from './items.ts';

export const LIBRARY_TABS = [
  'tracks',
  'favorites',
  'reposts',
  'playlists',
  'following',
  'followers',
  'supporters',
  'supporting',
] as const;

export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The Tracks tab's search: the catalog's own `query`, sort and filter options. */
export type TrackSearch = Pick<
  UserTracksOptions,
  'query' | 'sort_method' | 'sort_direction' | 'filter_tracks'
>;

/** What the Tracks tab reads before anyone touches its search: newest first. */
export const DEFAULT_TRACK_SEARCH: TrackSearch = {
  sort_method: 'release_date',
  sort_direction: 'desc',
};

export interface LibraryPage {
  items: LibraryItem[];
  /** True when this page is the last one. */
  done: boolean;
}

export interface PageContext {
  client: CatalogClient;
  /** The user's favorites (ids only: the API sends them whole, unpaged); cached by the caller. */
  favorites(): Promise<Favorite[]>;
}

/**
 * One page of one tab: one catalog request (Favorites: one per kind of item on the page, after
 * the id list). A page shorter than `limit` is the last.
 */
export async function loadTabPage(
  ctx: PageContext,
  userId: string,
  tab: LibraryTab,
  page: { offset: number; limit: number },
  search: TrackSearch = {},
): Promise<LibraryPage> {
  const { client } = ctx;
  const listed = (items: LibraryItem[]): LibraryPage => ({
    items,
    done: items.length < page.limit,
  });
  switch (tab) {
    case 'tracks':
      return listed((await client.getUserTracks(userId, { ...page, ...search })).map(trackItem));
    case 'favorites':
      return favoritesPage(ctx, page);
    case 'reposts':
      return listed(
        (await client.getReposts(userId, page)).map((r) =>
          r.item_type === 'track' ? trackItem(r.item) : playlistItem(r.item),
        ),
      );
    case 'playlists':
      return listed((await client.getUserPlaylists(userId, page)).map(playlistItem));
    case 'following':
      return listed((await client.getFollowing(userId, page)).map(userItem));
    case 'followers':
      return listed((await client.getFollowers(userId, page)).map(userItem));
    case 'supporters':
      return listed((await client.getSupporters(userId, page)).map(supporterItem));
    case 'supporting':
      return listed((await client.getSupporting(userId, page)).map(supporterItem));
  }
}

/** A slice of the favorites' ids, resolved in bulk and put back in the favorites' order. */
async function favoritesPage(
  ctx: PageContext,
  page: { offset: number; limit: number },
): Promise<LibraryPage> {
  const all = await ctx.favorites();
  const slice = all.slice(page.offset, page.offset + page.limit);
  const isTrack = (f: Favorite): boolean => !/playlist|album/i.test(f.favorite_type);
  const trackIds = slice.filter(isTrack).map((f) => f.favorite_item_id);
  const playlistIds = slice.filter((f) => !isTrack(f)).map((f) => f.favorite_item_id);
  const [tracks, playlists] = await Promise.all([
    trackIds.length > 0 ? ctx.client.getTracks(trackIds) : [],
    playlistIds.length > 0 ? ctx.client.getPlaylists(playlistIds) : [],
  ]);
  const byId = new Map<string, LibraryItem>();
  for (const t of tracks) byId.set(`t:${t.id}`, trackItem(t));
  for (const p of playlists) byId.set(`p:${p.id}`, playlistItem(p));
  // Deleted or hidden items are missing from the bulk answer: they are left out, not shown blank.
  const items = slice.flatMap((f) => {
    const item = byId.get(`${isTrack(f) ? 't' : 'p'}:${f.favorite_item_id}`);
    return item ? [item] : [];
  });
  return { items, done: page.offset + page.limit >= all.length };
}
