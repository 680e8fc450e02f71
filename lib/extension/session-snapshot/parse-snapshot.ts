// The session snapshot's stored form and its reader. Read by hand rather than with a schema
// library: the popup reads it too, straight from storage before the worker answers, and its
// first chunk stays free of zod. The worker and the popup apply this one rule.
import { isRecord } from '../../guards/index.ts';
import type {
  CatalogProfile,
  CatalogTrackSummary,
  WalletCatalogProfile,
} from '../catalog/index.ts';

/** Under the wallet prefix: moved with the entropy by the lock setting, removed with it on logout. */
export const SNAPSHOT_KEY = 'snapshot';

/** The last profile lookup: `userId` null when no catalog user has this wallet. */
export interface CachedProfile {
  userId: string | null;
  profile: WalletCatalogProfile | null;
  /** When the lookup answered (ms since the epoch). */
  checkedAt: number;
}

export interface SessionSnapshot {
  version: 1;
  /** SHA-256 of the stored entropy, lowercase hex. */
  entropyDigest: string;
  /** EIP-55 checksummed. */
  address: string;
  username: string | null;
  catalog: CachedProfile | null;
}

/**
 * The backend contract's MAX_USERNAME_LENGTH, written out: its folder brings the contract's zod
 * schemas into any bundle that imports it. A unit test keeps the two equal.
 */
const MAX_USERNAME_LENGTH = 128;
/** At most this many top tracks are kept (the catalog client hands out three). */
const MAX_TOP_TRACKS = 10;
const MAX_TEXT = 1_000;
const MAX_IMAGE_URL = 2_048;

/**
 * The snapshot stored as `raw` (its JSON text) if it parses, has exactly the fields above within
 * their limits, and was written for the entropy whose SHA-256 hex is `entropyDigest`; null
 * otherwise. Picture URLs must be http(s): they become an `<img src>`.
 */
export function parseSnapshot(raw: unknown, entropyDigest: string): SessionSnapshot | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!hasExactly(json, ['version', 'entropyDigest', 'address', 'username', 'catalog'])) {
    return null;
  }
  const { version, address, username } = json;
  if (version !== 1 || json.entropyDigest !== entropyDigest || !isDigest(entropyDigest)) {
    return null;
  }
  if (!isAddress(address)) return null;
  if (username !== null && !isText(username, 1, MAX_USERNAME_LENGTH)) return null;
  const catalog = json.catalog === null ? null : cachedProfile(json.catalog);
  if (catalog === undefined) return null;
  return { version, entropyDigest, address, username, catalog };
}

/** `0x` and 40 hex digits, in any case (checksummed as stored). */
export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

function isDigest(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** A plain object with exactly these own fields, no more and no fewer. */
function hasExactly<K extends string>(
  value: unknown,
  keys: readonly K[],
): value is Record<K, unknown> {
  if (!isRecord(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

function isText(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isImageUrl(value: unknown): value is string | null {
  return value === null || (isText(value, 0, MAX_IMAGE_URL) && /^https?:\/\//i.test(value));
}

/** undefined when `value` is not a cached profile (null is a valid profile, so it cannot say so). */
function cachedProfile(value: unknown): CachedProfile | undefined {
  if (!hasExactly(value, ['userId', 'profile', 'checkedAt'])) return undefined;
  const { userId, checkedAt } = value;
  if (userId !== null && !isText(userId, 1, MAX_TEXT)) return undefined;
  if (!isCount(checkedAt)) return undefined;
  const profile = value.profile === null ? null : walletProfile(value.profile);
  if (profile === undefined) return undefined;
  // The profile must be the one the lookup found for `userId`.
  if ((profile?.user.id ?? null) !== userId) return undefined;
  return { userId, profile, checkedAt };
}

function walletProfile(value: unknown): WalletCatalogProfile | undefined {
  // `chosen`: the person picked this profile in the popup's search (true, or absent).
  const chosen = isRecord(value) && Object.hasOwn(value, 'chosen');
  const keys = chosen
    ? (['user', 'topTracks', 'chosen'] as const)
    : (['user', 'topTracks'] as const);
  if (!hasExactly<'user' | 'topTracks' | 'chosen'>(value, keys)) return undefined;
  if (chosen && value.chosen !== true) return undefined;
  const user = catalogProfile(value.user);
  const { topTracks } = value;
  if (!user || !Array.isArray(topTracks) || topTracks.length > MAX_TOP_TRACKS) return undefined;
  const tracks = topTracks.map(trackSummary);
  if (!tracks.every((track): track is CatalogTrackSummary => track !== undefined)) {
    return undefined;
  }
  return chosen ? { user, topTracks: tracks, chosen: true } : { user, topTracks: tracks };
}

function catalogProfile(value: unknown): CatalogProfile | undefined {
  const keys = [
    'id',
    'handle',
    'name',
    'verified',
    'pictureUrl',
    'followerCount',
    'followingCount',
    'trackCount',
  ] as const;
  if (!hasExactly(value, keys)) return undefined;
  const { id, handle, name, verified, pictureUrl, followerCount, followingCount, trackCount } =
    value;
  if (
    !isText(id, 1, MAX_TEXT) ||
    !isText(handle, 0, MAX_TEXT) ||
    !isText(name, 0, MAX_TEXT) ||
    typeof verified !== 'boolean' ||
    !isImageUrl(pictureUrl) ||
    !isCount(followerCount) ||
    !isCount(followingCount) ||
    !isCount(trackCount)
  ) {
    return undefined;
  }
  return { id, handle, name, verified, pictureUrl, followerCount, followingCount, trackCount };
}

function trackSummary(value: unknown): CatalogTrackSummary | undefined {
  if (!hasExactly(value, ['id', 'title', 'playCount', 'artworkUrl'])) return undefined;
  const { id, title, playCount, artworkUrl } = value;
  if (
    !isText(id, 1, MAX_TEXT) ||
    !isText(title, 0, MAX_TEXT) ||
    !isCount(playCount) ||
    !isImageUrl(artworkUrl)
  ) {
    return undefined;
  }
  return { id, title, playCount, artworkUrl };
}
