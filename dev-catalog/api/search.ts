import type { SEARCH_SORT_METHODS } from '@encore-wallet/catalog';
import type { DevPlaylist, DevUser } from '../dataset/types.ts';
import type { HostContext } from './context.ts';
import { derived } from './derived.ts';

export type SortMethod = (typeof SEARCH_SORT_METHODS)[number];

/** Rank: exact handle, handle prefix, word prefix in the name, anywhere; then popularity. */
function relevance(handle: string, name: string, q: string): number {
  const h = handle.toLowerCase();
  const n = name.toLowerCase();
  if (h === q || n === q) return 0;
  if (h.startsWith(q)) return 1;
  if (n.split(/\s+/).some((w) => w.startsWith(q)) || n.startsWith(q)) return 2;
  if (h.includes(q) || n.includes(q)) return 3;
  return -1;
}

export function searchUsers(
  ctx: HostContext,
  q: string,
  opts: { sort: SortMethod; verifiedOnly: boolean; genres: string[] },
): DevUser[] {
  const needle = q.trim().toLowerCase().replace(/^@/, '');
  const followers = (u: DevUser): number => ctx.data.followers.get(u.id)?.length ?? 0;
  const topGenre = derived(ctx.data).topGenre;
  const hits: { user: DevUser; score: number }[] = [];
  for (const user of ctx.data.users) {
    const score = relevance(user.handle, user.name, needle);
    if (score < 0) continue;
    if (opts.verifiedOnly && !user.isVerified) continue;
    if (opts.genres.length > 0 && !opts.genres.includes(topGenre.get(user.id) ?? '')) continue;
    hits.push({ user, score });
  }
  hits.sort((a, b) => {
    if (opts.sort === 'recent') return b.user.createdAt - a.user.createdAt;
    if (opts.sort === 'relevant' && a.score !== b.score) return a.score - b.score;
    return followers(b.user) - followers(a.user) || a.user.index - b.user.index;
  });
  return hits.map((h) => h.user);
}

export function searchPlaylists(ctx: HostContext, q: string, sort: SortMethod): DevPlaylist[] {
  const needle = q.trim().toLowerCase();
  const hits = ctx.data.playlists.filter((p) => {
    const owner = ctx.data.usersById.get(p.ownerId)!;
    return p.name.toLowerCase().includes(needle) || owner.name.toLowerCase().includes(needle);
  });
  const favorites = (p: DevPlaylist): number => ctx.data.favoriteCounts.get(p.id) ?? 0;
  hits.sort((a, b) =>
    sort === 'recent'
      ? b.createdAt - a.createdAt
      : favorites(b) - favorites(a) || (a.id < b.id ? -1 : 1),
  );
  return hits;
}
