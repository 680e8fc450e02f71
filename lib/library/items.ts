import {
  type Playlist,
  pickImage,
  type Supporter,
  type Supporting,
  type Track,
  type User,
} from '@encore-wallet/catalog';
import { publicLinkOf } from './public-site.ts';

/** One row of a library list: plain data the page renders, whatever the catalog sent. */
export interface LibraryItem {
  kind: 'track' | 'playlist' | 'user';
  id: string;
  title: string;
  /** The owner's name for tracks and playlists, the handle for people. */
  subtitle: string;
  /** A person's verification; for tracks and playlists, their owner's. */
  verified: boolean;
  /** A 150×150 picture, or null (the page draws a placeholder). */
  imageUrl: string | null;
  /** Counts shown beside the item, in order (plays, favorites, followers, ...). */
  counts: { label: string; value: number }[];
  /** The item on the catalog's public site. */
  link: string;
  /** Catalog user id of a person (opens their library), null for tracks and playlists. */
  userId: string | null;
  /** A supporter's or supported person's tip total (integer string, wei-style), when known. */
  amount?: string;
}

export function trackItem(track: Track): LibraryItem {
  return {
    kind: 'track',
    id: track.id,
    title: track.title,
    subtitle: track.user.name,
    verified: track.user.is_verified,
    imageUrl: pickImage(track.artwork),
    counts: [
      { label: 'plays', value: track.play_count },
      { label: 'favorites', value: track.favorite_count },
      { label: 'reposts', value: track.repost_count },
    ],
    link: publicLinkOf({ kind: 'track', permalink: track.permalink, handle: track.user.handle }),
    userId: null,
  };
}

export function playlistItem(playlist: Playlist): LibraryItem {
  return {
    kind: 'playlist',
    id: playlist.id,
    title: playlist.playlist_name,
    subtitle: `${playlist.is_album ? 'Album' : 'Playlist'} by ${playlist.user.name}`,
    verified: playlist.user.is_verified,
    imageUrl: pickImage(playlist.artwork),
    counts: [
      { label: 'plays', value: playlist.total_play_count },
      { label: 'favorites', value: playlist.favorite_count },
      { label: 'reposts', value: playlist.repost_count },
    ],
    link: publicLinkOf({
      kind: 'playlist',
      permalink: playlist.permalink,
      handle: playlist.user.handle,
    }),
    userId: null,
  };
}

export function userItem(user: User): LibraryItem {
  return {
    kind: 'user',
    id: user.id,
    title: user.name,
    subtitle: `@${user.handle}`,
    verified: user.is_verified,
    imageUrl: pickImage(user.profile_picture),
    counts: [
      { label: 'followers', value: user.follower_count },
      { label: 'tracks', value: user.track_count },
    ],
    link: publicLinkOf({ kind: 'user', handle: user.handle }),
    userId: user.id,
  };
}

export function supporterItem(entry: Supporter | Supporting): LibraryItem {
  const person = 'sender' in entry ? entry.sender : entry.receiver;
  return { ...userItem(person as User), amount: entry.amount };
}
