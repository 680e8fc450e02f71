import {
  SEARCH_SORT_METHODS,
  SORT_DIRECTIONS,
  TRACK_FILTERS,
  USER_TRACKS_SORT_METHODS,
  USER_TRACKS_SORTS,
} from '@encore-wallet/catalog';
import type { Hono } from 'hono';
import { z } from 'zod';
import { addressSchema } from './address.ts';
import type { HostContext } from './context.ts';
import { derived, publicTracksOf } from './derived.ts';
import { ApiError, query } from './http-error.ts';
import { userOr404 } from './lookups.ts';
import { pageOf, pagingSchema } from './paging.ts';
import { searchUsers } from './search.ts';
import { playlistJson, sqlTime, trackJson, userJson } from './serialize.ts';
import { verifyToken } from './verify-token.ts';

const searchQuery = pagingSchema.extend({
  query: z.string().min(1, 'is required'),
  sort_method: z.enum(SEARCH_SORT_METHODS).optional(),
  is_verified: z.enum(['true', 'false']).optional(),
});

const tracksQuery = pagingSchema.extend({
  sort: z.enum(USER_TRACKS_SORTS).optional(),
  query: z.string().optional(),
  sort_method: z.enum(USER_TRACKS_SORT_METHODS).optional(),
  sort_direction: z.enum(SORT_DIRECTIONS).optional(),
  filter_tracks: z.enum(TRACK_FILTERS).optional(),
});

const tagsQuery = z.object({ limit: pagingSchema.shape.limit });

export function registerUserRoutes(app: Hono, ctx: HostContext): void {
  const { data } = ctx;
  const users = (ids: string[]): unknown[] =>
    ids.map((id) => userJson(ctx, data.usersById.get(id)!));

  app.get('/v1/users/search', (c) => {
    const q = query(c, searchQuery);
    const found = searchUsers(ctx, q.query, {
      sort: q.sort_method ?? 'relevant',
      verifiedOnly: q.is_verified === 'true',
      genres: c.req.queries('genre') ?? [],
    });
    return c.json({ data: pageOf(found, q).map((u) => userJson(ctx, u)) });
  });

  app.get('/v1/users/verify_token', (c) => {
    const { token } = query(c, z.object({ token: z.string().min(1, 'is required') }));
    return c.json({ data: verifyToken(ctx, token) });
  });

  if (ctx.flavor === 'python') {
    app.get('/v1/users/id', (c) => {
      const q = query(c, z.object({ associated_wallet: addressSchema }));
      const id = data.walletOwners.get(q.associated_wallet.toLowerCase());
      if (!id) throw new ApiError(404, `No user with wallet ${q.associated_wallet}`);
      return c.json({ data: { user_id: id } });
    });
  } else {
    app.get('/v1/users/address', (c) => {
      const wanted = c.req.queries('address') ?? [];
      if (wanted.length === 0) throw new ApiError(400, 'Invalid parameter address: is required');
      const found = wanted.flatMap((a) => {
        const id = data.walletOwners.get(a.toLowerCase());
        return id ? [{ user_id: id, address: a }] : [];
      });
      return c.json({ data: found });
    });
  }

  app.get('/v1/users/handle/:handle', (c) => {
    const handle = c.req.param('handle').toLowerCase();
    const user = data.users.find((u) => u.handle.toLowerCase() === handle);
    if (!user) throw new ApiError(404, `User @${handle} not found`);
    return c.json({ data: userJson(ctx, user) });
  });

  app.get('/v1/users/:id', (c) =>
    c.json({ data: userJson(ctx, userOr404(ctx, c.req.param('id'))) }),
  );

  app.get('/v1/users/:id/connected_wallets', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    return c.json({
      data: { erc_wallets: [...user.connectedWallets], spl_wallets: [user.splWallet] },
    });
  });

  app.get('/v1/users/:id/favorites', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    const favorites = (data.favorites.get(user.id) ?? []).map((f) => ({
      favorite_item_id: f.itemId,
      favorite_type: f.kind === 'track' ? 'SaveType.track' : 'SaveType.playlist',
      user_id: user.id,
      created_at: sqlTime(f.at),
    }));
    return c.json({ data: favorites });
  });

  app.get('/v1/users/:id/reposts', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    const reposts = pageOf(data.reposts.get(user.id) ?? [], query(c, pagingSchema)).map((r) => ({
      timestamp: sqlTime(r.at),
      item_type: r.kind,
      item:
        r.kind === 'track'
          ? trackJson(ctx, data.tracksById.get(r.itemId)!)
          : playlistJson(ctx, data.playlistsById.get(r.itemId)!),
    }));
    return c.json({ data: reposts });
  });

  for (const [path, relation] of [
    ['followers', data.followers],
    ['following', data.following],
    ['subscribers', data.subscribers],
  ] as const) {
    app.get(`/v1/users/:id/${path}`, (c) => {
      const user = userOr404(ctx, c.req.param('id'));
      return c.json({ data: users(pageOf(relation.get(user.id) ?? [], query(c, pagingSchema))) });
    });
  }

  // Only the newer deployment lists a user's playlists (swagger-v1-go.yaml); older hosts 404.
  if (ctx.flavor === 'go') {
    app.get('/v1/users/:id/playlists', (c) => {
      const user = userOr404(ctx, c.req.param('id'));
      const mine = [...(data.playlistsByOwner.get(user.id) ?? [])].sort(
        (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1),
      );
      return c.json({
        data: pageOf(mine, query(c, pagingSchema)).map((p) => playlistJson(ctx, p)),
      });
    });
  }

  app.get('/v1/users/:id/related', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    const { topGenre } = derived(data);
    const genre = topGenre.get(user.id);
    const related = data.users
      .filter((u) => u.id !== user.id && genre !== undefined && topGenre.get(u.id) === genre)
      .sort(
        (a, b) => (data.followers.get(b.id)?.length ?? 0) - (data.followers.get(a.id)?.length ?? 0),
      );
    return c.json({ data: pageOf(related, query(c, pagingSchema)).map((u) => userJson(ctx, u)) });
  });

  for (const [path, side, key] of [
    ['supporters', 'supporters', 'sender'],
    ['supporting', 'supporting', 'receiver'],
  ] as const) {
    app.get(`/v1/users/:id/${path}`, (c) => {
      const user = userOr404(ctx, c.req.param('id'));
      const all = derived(data)[side].get(user.id) ?? [];
      const paging = query(c, pagingSchema);
      const page = pageOf(all, paging).map((e, i) => ({
        rank: paging.offset + i + 1,
        amount: e.amount.toString(),
        [key]: userJson(ctx, data.usersById.get(e.userId)!),
      }));
      return c.json({ data: page });
    });
  }

  app.get('/v1/users/:id/tags', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    const { limit } = query(c, tagsQuery);
    const counts = new Map<string, number>();
    for (const t of publicTracksOf(data, user.id)) {
      for (const tag of t.tags?.split(',') ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const tags = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
    return c.json({ data: tags.slice(0, limit) });
  });

  app.get('/v1/users/:id/tracks', (c) => {
    const user = userOr404(ctx, c.req.param('id'));
    const q = query(c, tracksQuery);
    // Unlisted tracks are visible to their owner only (signed requests); anonymous sees none.
    let tracks = q.filter_tracks === 'unlisted' ? [] : publicTracksOf(data, user.id);
    if (q.query) {
      const needle = q.query.toLowerCase();
      tracks = tracks.filter((t) => t.title.toLowerCase().includes(needle));
    }
    const method = q.sort_method ?? (q.sort === 'plays' ? 'plays' : 'release_date');
    const key = (t: (typeof tracks)[number]): number | string => {
      if (method === 'title') return t.title.toLowerCase();
      if (method === 'plays' || method === 'most_listens_by_user') return t.playCount;
      if (method === 'reposts') return data.repostCounts.get(t.id) ?? 0;
      if (method === 'saves') return data.favoriteCounts.get(t.id) ?? 0;
      return t.releasedAt;
    };
    const direction = q.sort_direction ?? (method === 'title' ? 'asc' : 'desc');
    const sign = direction === 'asc' ? 1 : -1;
    tracks = [...tracks].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return (ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : 1) * sign;
    });
    return c.json({ data: pageOf(tracks, q).map((t) => trackJson(ctx, t)) });
  });
}
