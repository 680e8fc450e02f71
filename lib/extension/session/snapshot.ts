// The session snapshot: what the popup needs to show a logged-in person at once (address,
// username, the last catalog profile), kept beside the entropy so the worker answers without
// deriving the wallet. Nothing in it is secret. It is a stored record, so it is parsed on every
// read (lib/extension/session-snapshot), and it only counts for the entropy it was written for:
// it carries the entropy's SHA-256, and a snapshot whose digest does not match the stored entropy
// is ignored (the wallet is then derived, as before snapshots existed).
import { sha256Hex } from '@encore-wallet/utils/encoding';
import { parseSnapshot, type SessionSnapshot, SNAPSHOT_KEY } from '../session-snapshot/index.ts';
import type { KeyValueStore } from '../storage/index.ts';

export type { CachedProfile, SessionSnapshot } from '../session-snapshot/index.ts';
export { SNAPSHOT_KEY } from '../session-snapshot/index.ts';

/** The stored snapshot if it parses and was written for `entropy`; null otherwise. */
export async function readSnapshot(
  store: KeyValueStore,
  entropy: string,
): Promise<SessionSnapshot | null> {
  const [raw, digest] = await Promise.all([store.get(SNAPSHOT_KEY), sha256Hex(entropy)]);
  return parseSnapshot(raw, digest);
}

export async function writeSnapshot(
  store: KeyValueStore,
  snapshot: SessionSnapshot,
): Promise<void> {
  await store.set(SNAPSHOT_KEY, JSON.stringify(snapshot));
}
