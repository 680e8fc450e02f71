import { GENRES, MOODS } from './enums.ts';
import { base58, contentId, encodeId } from './ids.ts';
import { createRng, type Rng } from './prng.ts';
import type { Activity, Dataset, DevPlaylist, DevTrack, DevUser, Tip } from './types.ts';
import { devUserAddress } from './wallets.ts';
import {
  ARTIST_WORDS_A,
  ARTIST_WORDS_B,
  BIOS,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  PLAYLIST_WORDS,
  TAGS,
  TITLE_WORDS,
} from './words.ts';

export interface GenerateOptions {
  seed: number;
  users: number;
}

// A fixed "now" keeps the dataset identical across runs and days.
const EPOCH = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;
const ARTIST_SHARE = 0.4;

export function generateDataset({ seed, users: userCount }: GenerateOptions): Dataset {
  const rng = createRng(seed);
  const users = makeUsers(rng, seed, userCount);
  const usersById = new Map(users.map((u) => [u.id, u]));
  const artistCount = Math.max(1, Math.floor(userCount * ARTIST_SHARE));
  // Popularity falls off with index: user 0 is the star every test can page through.
  const weights = users.map((_, i) => 1 / (i + 1) ** 0.9);

  const tracks = makeTracks(rng, users.slice(0, artistCount));
  const tracksById = new Map(tracks.map((t) => [t.id, t]));
  const tracksByOwner = groupBy(tracks, (t) => t.ownerId);
  const playlists = makePlaylists(rng, users, tracksByOwner, tracks);
  const playlistsById = new Map(playlists.map((p) => [p.id, p]));
  const playlistsByOwner = groupBy(playlists, (p) => p.ownerId);

  const { followers, following, subscribers } = makeFollows(rng, users, weights);
  const publicTracks = tracks.filter((t) => !t.unlisted);
  const reposts = makeActivity(rng, users, publicTracks, playlists, 0, 8);
  const favorites = makeActivity(rng, users, publicTracks, playlists, 0, 15);
  const tips = makeTips(rng, users, artistCount);

  const walletOwners = new Map<string, string>();
  for (const u of users) walletOwners.set(u.wallet.toLowerCase(), u.id);

  return {
    seed,
    users,
    usersById,
    tracks,
    tracksById,
    tracksByOwner,
    playlists,
    playlistsById,
    playlistsByOwner,
    followers,
    following,
    subscribers,
    reposts,
    favorites,
    repostCounts: countItems(reposts),
    favoriteCounts: countItems(favorites),
    tips,
    walletOwners,
  };
}

function makeUsers(rng: Rng, seed: number, count: number): DevUser[] {
  const handles = new Set<string>();
  const users: DevUser[] = [];
  for (let index = 0; index < count; index++) {
    const band = rng.chance(0.35);
    const name = band
      ? `${rng.pick(ARTIST_WORDS_A)} ${rng.pick(ARTIST_WORDS_B)}`
      : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const handle = uniqueHandle(rng, name, handles);
    users.push({
      index,
      id: encodeId(1, index),
      handle,
      name,
      bio: rng.chance(0.8) ? rng.pick(BIOS) : null,
      location: rng.pick(LOCATIONS),
      isVerified: index < 12 || rng.chance(0.04),
      profileCid: rng.chance(0.9) ? contentId(rng.next) : null,
      coverCid: rng.chance(0.7) ? contentId(rng.next) : null,
      wallet: devUserAddress(seed, index),
      splWallet: base58(rng.next, 44),
      connectedWallets: [],
      createdAt: EPOCH - rng.int(30, 1500) * DAY,
    });
  }
  return users;
}

function uniqueHandle(rng: Rng, name: string, taken: Set<string>): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  let handle = rng.chance(0.5) ? base : `${base}${rng.pick(['music', 'beats', 'official', ''])}`;
  while (taken.has(handle)) handle = `${base}${rng.int(1, 999)}`;
  taken.add(handle);
  return handle;
}

function makeTracks(rng: Rng, artists: DevUser[]): DevTrack[] {
  const tracks: DevTrack[] = [];
  for (const artist of artists) {
    const count = artist.index < 5 ? rng.int(14, 30) : rng.int(1, 12);
    const genre = rng.pick(GENRES);
    for (let k = 0; k < count; k++) {
      const title = rng.chance(0.5)
        ? `${rng.pick(TITLE_WORDS)} ${rng.pick(TITLE_WORDS)}`
        : rng.pick(TITLE_WORDS);
      const id = encodeId(2, tracks.length);
      tracks.push({
        id,
        ownerId: artist.id,
        title,
        genre: rng.chance(0.8) ? genre : rng.pick(GENRES),
        mood: rng.pick(MOODS),
        tags: rng.chance(0.75) ? rng.sample(TAGS, rng.int(1, 4)).join(',') : null,
        description: rng.chance(0.5) ? `${title} — ${rng.pick(BIOS)}` : null,
        duration: rng.int(95, 420),
        releasedAt: EPOCH - rng.int(1, 1400) * DAY - rng.int(0, DAY),
        playCount: Math.floor(rng.next() ** 3 * 250_000 * (artist.index < 20 ? 4 : 1)),
        artworkCid: rng.chance(0.92) ? contentId(rng.next) : null,
        trackCid: contentId(rng.next),
        unlisted: rng.chance(0.06),
        downloadable: rng.chance(0.2),
        permalink: `/${artist.handle}/${slug(title)}-${tracks.length}`,
      });
    }
  }
  return tracks;
}

function makePlaylists(
  rng: Rng,
  users: DevUser[],
  tracksByOwner: Map<string, DevTrack[]>,
  allTracks: DevTrack[],
): DevPlaylist[] {
  const playlists: DevPlaylist[] = [];
  const add = (owner: DevUser, name: string, isAlbum: boolean, trackIds: string[]): void => {
    playlists.push({
      id: encodeId(3, playlists.length),
      ownerId: owner.id,
      name,
      isAlbum,
      description: rng.chance(0.6) ? `${name} by ${owner.name}.` : null,
      trackIds,
      artworkCid: rng.chance(0.9) ? contentId(rng.next) : null,
      createdAt: EPOCH - rng.int(1, 1000) * DAY,
      permalink: `/${owner.handle}/${isAlbum ? 'album' : 'playlist'}/${slug(name)}-${playlists.length}`,
    });
  };
  const publicTracks = allTracks.filter((t) => !t.unlisted);
  for (const user of users) {
    const own = (tracksByOwner.get(user.id) ?? []).filter((t) => !t.unlisted);
    if (own.length >= 4 && rng.chance(0.45)) {
      const picked = rng.sample(own, rng.int(3, Math.min(10, own.length)));
      add(
        user,
        `${rng.pick(TITLE_WORDS)} ${rng.pick(['EP', 'LP', 'Sessions', 'Tapes'])}`,
        true,
        ids(picked),
      );
    }
    if (rng.chance(0.25)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const picked = rng.sample(publicTracks, rng.int(4, 15));
        add(
          user,
          `${rng.pick(PLAYLIST_WORDS)} ${rng.pick(['Mix', 'Vibes', 'Picks', 'Playlist'])}`,
          false,
          ids(picked),
        );
      }
    }
  }
  return playlists;
}

function makeFollows(
  rng: Rng,
  users: DevUser[],
  weights: number[],
): {
  followers: Map<string, string[]>;
  following: Map<string, string[]>;
  subscribers: Map<string, string[]>;
} {
  const edges: { from: string; to: string; at: number }[] = [];
  const total = weights.reduce((a, b) => a + b, 0);
  for (const user of users) {
    const targets = new Set<number>();
    // Nearly everyone follows the star, so its follower list spans several pages.
    if (user.index !== 0 && rng.chance(0.92)) targets.add(0);
    const wanted = rng.int(3, 35);
    for (let attempt = 0; targets.size < wanted && attempt < wanted * 4; attempt++) {
      const target = weightedIndex(rng, weights, total);
      if (target !== user.index) targets.add(target);
    }
    for (const target of targets) {
      edges.push({ from: user.id, to: users[target]!.id, at: EPOCH - rng.int(0, 900) * DAY });
    }
  }
  edges.sort((a, b) => b.at - a.at);
  const followers = new Map<string, string[]>();
  const following = new Map<string, string[]>();
  const subscribers = new Map<string, string[]>();
  for (const edge of edges) {
    push(followers, edge.to, edge.from);
    push(following, edge.from, edge.to);
    if (rng.chance(0.3)) push(subscribers, edge.to, edge.from);
  }
  return { followers, following, subscribers };
}

function makeActivity(
  rng: Rng,
  users: DevUser[],
  tracks: DevTrack[],
  playlists: DevPlaylist[],
  min: number,
  max: number,
): Map<string, Activity[]> {
  const out = new Map<string, Activity[]>();
  for (const user of users) {
    const items: Activity[] = [];
    for (const track of rng.sample(tracks, rng.int(min, max))) {
      items.push({ kind: 'track', itemId: track.id, at: EPOCH - rng.int(0, 700 * 24) * 3_600_000 });
    }
    if (playlists.length > 0 && rng.chance(0.3)) {
      items.push({
        kind: 'playlist',
        itemId: rng.pick(playlists).id,
        at: EPOCH - rng.int(0, 700) * DAY,
      });
    }
    items.sort((a, b) => b.at - a.at);
    out.set(user.id, items);
  }
  return out;
}

function makeTips(rng: Rng, users: DevUser[], artistCount: number): Tip[] {
  const tips: Tip[] = [];
  for (const sender of users) {
    if (!rng.chance(0.2)) continue;
    for (let k = rng.int(1, 4); k > 0; k--) {
      const receiver = users[Math.floor(rng.next() ** 2 * artistCount)]!;
      if (receiver.id === sender.id) continue;
      const amount = BigInt(rng.int(1, 50)) * 10n ** 18n;
      tips.push({ senderId: sender.id, receiverId: receiver.id, amount });
    }
  }
  return tips;
}

function weightedIndex(rng: Rng, weights: number[], total: number): number {
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return i;
  }
  return weights.length - 1;
}

function countItems(byUser: Map<string, Activity[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const items of byUser.values()) {
    for (const item of items) counts.set(item.itemId, (counts.get(item.itemId) ?? 0) + 1);
  }
  return counts;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) push(out, key(item), item);
  return out;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function ids(items: { id: string }[]): string[] {
  return items.map((i) => i.id);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
