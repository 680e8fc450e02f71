// The dev catalog's in-memory model. Serializers (../api/serialize.ts) turn these into the API's
// JSON; counts are computed from the relations so they always agree with the lists.

export interface DevUser {
  index: number;
  id: string;
  handle: string;
  name: string;
  bio: string | null;
  location: string;
  isVerified: boolean;
  profileCid: string | null;
  coverCid: string | null;
  /** Checksummed primary wallet (`wallet` / `erc_wallet`). */
  wallet: string;
  splWallet: string;
  /** Extra Ethereum wallets (`connected_wallets.erc_wallets`), including dev-attached ones. */
  connectedWallets: string[];
  createdAt: number;
}

export interface DevTrack {
  id: string;
  ownerId: string;
  title: string;
  genre: string;
  mood: string;
  tags: string | null;
  description: string | null;
  duration: number;
  releasedAt: number;
  playCount: number;
  artworkCid: string | null;
  trackCid: string;
  unlisted: boolean;
  downloadable: boolean;
  permalink: string;
}

export interface DevPlaylist {
  id: string;
  ownerId: string;
  name: string;
  isAlbum: boolean;
  description: string | null;
  trackIds: string[];
  artworkCid: string | null;
  createdAt: number;
  permalink: string;
}

export interface Activity {
  kind: 'track' | 'playlist';
  itemId: string;
  at: number;
}

export interface Tip {
  senderId: string;
  receiverId: string;
  amount: bigint;
}

export interface Dataset {
  seed: number;
  users: DevUser[];
  usersById: Map<string, DevUser>;
  tracks: DevTrack[];
  tracksById: Map<string, DevTrack>;
  tracksByOwner: Map<string, DevTrack[]>;
  playlists: DevPlaylist[];
  playlistsById: Map<string, DevPlaylist>;
  playlistsByOwner: Map<string, DevPlaylist[]>;
  /** userId → ids of users who follow them, most recent first. */
  followers: Map<string, string[]>;
  following: Map<string, string[]>;
  subscribers: Map<string, string[]>;
  reposts: Map<string, Activity[]>;
  favorites: Map<string, Activity[]>;
  repostCounts: Map<string, number>;
  favoriteCounts: Map<string, number>;
  tips: Tip[];
  /** Lower-case address → user id, primary and connected wallets alike. */
  walletOwners: Map<string, string>;
}
