// The session snapshot: what the popup needs to show a logged-in person at once (address,
// username, the last catalog profile), kept beside the entropy so the worker answers without
// deriving the wallet. Nothing in it is secret. It is a stored record, so it is parsed on every
// read, and it only counts for the entropy it was written for: it carries the entropy's SHA-256,
// and a snapshot whose digest does not match the stored entropy is ignored (the wallet is then
// derived, as before snapshots existed).
import { z } from 'zod';
import { MAX_USERNAME_LENGTH } from '../../backend/index.ts';
import { sha256Hex } from '../../encoding/index.ts';
import { type WalletCatalogProfile, walletCatalogProfileSchema } from '../catalog/index.ts';
import type { KeyValueStore } from '../storage/index.ts';

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

const cachedProfileSchema = z.lazy(() =>
  z
    .strictObject({
      userId: z.string().min(1).max(1_000).nullable(),
      profile: walletCatalogProfileSchema.nullable(),
      checkedAt: z.number().int().nonnegative(),
    })
    .refine((c) => (c.profile?.user.id ?? null) === c.userId, 'userId is not the profile’s'),
);

const snapshotSchema = z.lazy(() =>
  z.strictObject({
    version: z.literal(1),
    entropyDigest: z.string().regex(/^[0-9a-f]{64}$/),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    username: z.string().min(1).max(MAX_USERNAME_LENGTH).nullable(),
    catalog: cachedProfileSchema.nullable(),
  }),
);

/** The stored snapshot if it parses and was written for `entropy`; null otherwise. */
export async function readSnapshot(
  store: KeyValueStore,
  entropy: string,
): Promise<SessionSnapshot | null> {
  const [raw, digest] = await Promise.all([store.get(SNAPSHOT_KEY), sha256Hex(entropy)]);
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success || parsed.data.entropyDigest !== digest) return null;
  return parsed.data;
}

export async function writeSnapshot(
  store: KeyValueStore,
  snapshot: SessionSnapshot,
): Promise<void> {
  await store.set(SNAPSHOT_KEY, JSON.stringify(snapshot));
}
