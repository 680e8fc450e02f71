import { SEARCH_SORT_METHODS, TRENDING_TIMES, type TrendingTime } from '@encore-wallet/catalog';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { DevPlaylist } from '../dataset/types.ts';
import type { HostContext } from './context.ts';
import { derived } from './derived.ts';
import { query } from './http-error.ts';
import { playlistOr404 } from './lookups.ts';
import { pageOf, pagingSchema } from './paging.ts';
import { searchPlaylists } from './search.ts';
import { playlistJson, trackJson } from './serialize.ts';

const DAY = 86_400_000;
const WINDOWS: Record<TrendingTime, number> = {
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
  allTime: Number.POSITIVE_INFINITY,
};

const searchQuery = pagingSchema.extend({
  query: z.string().min(1, 'is required'),
  sort_method: z.enum(SEARCH_SORT_METHODS).optional(),
});

const trendingQuery = pagingSchema.extend({
  time: z.enum(TRENDING_TIMES).optional(),
  type: z.enum(['playlist', 'album']).optional(),
});

export function registerPlaylistRoutes(app: Hono, ctx: HostContext): void {
  const { data } = ctx;

  app.get('/v1/playlists/search', (c) => {
    const q = query(c, searchQuery);
    const found = searchPlaylists(ctx, q.query, q.sort_method ?? 'relevant');
    return c.json({ data: pageOf(found, q).map((p) => playlistJson(ctx, p)) });
  });

  app.get('/v1/playlists/trending', (c) => {
    const q = query(c, trendingQuery);
    const trending = trendingPlaylists(ctx, WINDOWS[q.time ?? 'week'], q.type === 'album');
    return c.json({ data: pageOf(trending, q).map((p) => playlistJson(ctx, p)) });
  });

  // Bulk lookup by id (`?id=a&id=b`): unknown ids are left out.
  app.get('/v1/playlists', (c) => {
    const ids = c.req.queries('id') ?? [];
    const playlists = ids.flatMap((id) => {
      const playlist = data.playlistsById.get(id);
      return playlist ? [playlistJson(ctx, playlist)] : [];
    });
    return c.json({ data: playlists });
  });

  // Every current host answers a one-element array here (a known quirk the client unwraps).
  app.get('/v1/playlists/:id', (c) => {
    const playlist = playlistOr404(ctx, c.req.param('id'));
    return c.json({ data: [playlistJson(ctx, playlist)] });
  });

  app.get('/v1/playlists/:id/tracks', (c) => {
    const playlist = playlistOr404(ctx, c.req.param('id'));
    const tracks = playlist.trackIds.map((id) => data.tracksById.get(id)!);
    return c.json({ data: tracks.map((t) => trackJson(ctx, t)) });
  });
}

/** Reposts and favorites inside the window (favorites count double); ties by id. */
function trendingPlaylists(ctx: HostContext, windowMs: number, albums: boolean): DevPlaylist[] {
  const { data } = ctx;
  const since = derived(data).newestActivityAt - windowMs;
  const score = new Map<string, number>();
  for (const [weight, byUser] of [
    [1, data.reposts],
    [2, data.favorites],
  ] as const) {
    for (const items of byUser.values()) {
      for (const item of items) {
        if (item.kind === 'playlist' && item.at >= since) {
          score.set(item.itemId, (score.get(item.itemId) ?? 0) + weight);
        }
      }
    }
  }
  return data.playlists
    .filter((p) => p.isAlbum === albums && (score.get(p.id) ?? 0) > 0)
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1));
}
