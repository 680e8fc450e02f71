import { type CatalogClient, pickImage, type Track, type User } from '@encore-wallet/catalog';

/** What the popup shows of a catalog user: plain data that survives a message boundary. */
export interface CatalogProfile {
  id: string;
  handle: string;
  name: string;
  verified: boolean;
  pictureUrl: string | null;
  followerCount: number;
  followingCount: number;
  trackCount: number;
}

export interface CatalogTrackSummary {
  id: string;
  title: string;
  playCount: number;
  artworkUrl: string | null;
}

export interface WalletCatalogProfile {
  user: CatalogProfile;
  topTracks: CatalogTrackSummary[];
  /**
   * The person chose this profile in the popup's search; the catalog does not list the wallet
   * as this user's. Absent for the catalog's own answer.
   */
  chosen?: true;
}

const TOP_TRACKS = 3;

/**
 * The catalog user who owns `address` with their most played tracks; else the one the person
 * chose (`chosenUserId`, marked `chosen`); else null.
 */
export async function findWalletProfile(
  client: CatalogClient,
  address: string,
  chosenUserId: string | null = null,
): Promise<WalletCatalogProfile | null> {
  const userId = await client.getUserIdByWallet(address);
  if (userId) return profileOf(client, userId);
  if (!chosenUserId) return null;
  return { ...(await profileOf(client, chosenUserId)), chosen: true };
}

/** A catalog user with their most played tracks. */
export async function profileOf(
  client: CatalogClient,
  userId: string,
): Promise<WalletCatalogProfile> {
  const [user, tracks] = await Promise.all([
    client.getUser(userId),
    client.getUserTracks(userId, { sort: 'plays', limit: TOP_TRACKS }),
  ]);
  return { user: toProfile(user), topTracks: tracks.slice(0, TOP_TRACKS).map(toTrackSummary) };
}

export async function searchProfiles(
  client: CatalogClient,
  query: string,
  limit: number,
): Promise<CatalogProfile[]> {
  return (await client.searchUsers(query, { limit })).slice(0, limit).map(toProfile);
}

function toProfile(user: User): CatalogProfile {
  return {
    id: user.id,
    handle: user.handle,
    name: user.name,
    verified: user.is_verified,
    pictureUrl: pickImage(user.profile_picture),
    followerCount: user.follower_count,
    followingCount: user.followee_count,
    trackCount: user.track_count,
  };
}

function toTrackSummary(track: Track): CatalogTrackSummary {
  return {
    id: track.id,
    title: track.title,
    playCount: track.play_count,
    artworkUrl: pickImage(track.artwork),
  };
}
