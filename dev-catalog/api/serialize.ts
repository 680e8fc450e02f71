import type { DevPlaylist, DevTrack, DevUser } from '../dataset/types.ts';
import type { HostContext } from './context.ts';
import { derived, publicTracksOf } from './derived.ts';

type Json = Record<string, unknown>;

const SQUARE = ['150x150', '480x480', '1000x1000'];
const COVER = ['640x', '2000x'];

function image(ctx: HostContext, cid: string | null, sizes: string[]): Json | null {
  if (cid === null) return null;
  const base = ctx.contentBase();
  const out: Json = {};
  for (const size of sizes) out[size] = `${base}/content/${cid}/${size}.jpg`;
  if (ctx.flavor === 'go') out.mirrors = ctx.mirrors();
  return out;
}

export function userJson(ctx: HostContext, u: DevUser): Json {
  const { data } = ctx;
  const d = derived(data);
  const tracks = publicTracksOf(data, u.id);
  const playlists = data.playlistsByOwner.get(u.id) ?? [];
  const json: Json = {
    album_count: playlists.filter((p) => p.isAlbum).length,
    artist_pick_track_id: tracks[0]?.id ?? null,
    bio: u.bio,
    cover_photo: image(ctx, u.coverCid, COVER),
    followee_count: data.following.get(u.id)?.length ?? 0,
    follower_count: data.followers.get(u.id)?.length ?? 0,
    does_follow_current_user: false,
    handle: u.handle,
    id: u.id,
    is_verified: u.isVerified,
    location: u.location,
    name: u.name,
    playlist_count: playlists.filter((p) => !p.isAlbum).length,
    profile_picture: image(ctx, u.profileCid, SQUARE),
    repost_count: data.reposts.get(u.id)?.length ?? 0,
    track_count: tracks.length,
    is_deactivated: false,
    is_available: true,
    erc_wallet: u.wallet.toLowerCase(),
    spl_wallet: u.splWallet,
    supporter_count: d.supporters.get(u.id)?.length ?? 0,
    supporting_count: d.supporting.get(u.id)?.length ?? 0,
    total_audio_balance: (u.index * 7919) % 5000,
  };
  if (ctx.flavor === 'go') {
    Object.assign(json, {
      wallet: u.wallet.toLowerCase(),
      twitter_handle: null,
      instagram_handle: null,
      tiktok_handle: null,
      verified_with_twitter: false,
      verified_with_instagram: false,
      verified_with_tiktok: false,
      website: null,
      donation: null,
      spl_usdc_wallet: null,
      spl_usdc_payout_wallet: null,
    });
  }
  return json;
}

export function trackJson(ctx: HostContext, t: DevTrack): Json {
  const owner = ctx.data.usersById.get(t.ownerId)!;
  return {
    artwork: image(ctx, t.artworkCid, SQUARE),
    description: t.description,
    genre: t.genre,
    id: t.id,
    track_cid: t.trackCid,
    mood: t.mood,
    release_date: releaseDate(t.releasedAt),
    remix_of: { tracks: null },
    repost_count: ctx.data.repostCounts.get(t.id) ?? 0,
    favorite_count: ctx.data.favoriteCounts.get(t.id) ?? 0,
    tags: t.tags,
    title: t.title,
    user: userJson(ctx, owner),
    duration: t.duration,
    downloadable: t.downloadable,
    play_count: t.playCount,
    permalink: t.permalink,
    is_streamable: true,
  };
}

export function playlistJson(ctx: HostContext, p: DevPlaylist): Json {
  const owner = ctx.data.usersById.get(p.ownerId)!;
  const plays = p.trackIds.reduce(
    (sum, id) => sum + (ctx.data.tracksById.get(id)?.playCount ?? 0),
    0,
  );
  return {
    artwork: image(ctx, p.artworkCid, SQUARE),
    description: p.description,
    permalink: p.permalink,
    id: p.id,
    is_album: p.isAlbum,
    playlist_name: p.name,
    repost_count: ctx.data.repostCounts.get(p.id) ?? 0,
    favorite_count: ctx.data.favoriteCounts.get(p.id) ?? 0,
    total_play_count: plays,
    user: userJson(ctx, owner),
  };
}

/** `2023-05-15 22:31:02`, the format of `created_at` and repost `timestamp`. */
export function sqlTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** `Mon Sep 23 2019 12:35:10 GMT+0000`, the JavaScript Date text the API stores. */
function releaseDate(ms: number): string {
  const d = new Date(ms);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const month = d.toUTCString().slice(8, 11);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${day} ${month} ${dd} ${d.getUTCFullYear()} ${d.toISOString().slice(11, 19)} GMT+0000`;
}
