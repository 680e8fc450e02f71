import { sha256Hex } from '@encore-wallet/utils/encoding';
import { browser } from 'wxt/browser';
import { parseSnapshot, type SessionSnapshot, SNAPSHOT_KEY } from './parse-snapshot.ts';

// The storage layout's keys (lib/extension/storage: WALLET_PREFIX, ENTROPY_KEY) and the settings'
// LOCAL_STORAGE_IS_PRIVATE, written out: those folders bring zod schemas into any bundle that
// imports them, and the popup keeps zod out of its first chunk. A unit test keeps them equal.
const WALLET_PREFIX = 'encore:wallet:';
const ENTROPY_KEY = `${WALLET_PREFIX}hedgehog-entropy-key`;
const STORED_SNAPSHOT_KEY = WALLET_PREFIX + SNAPSHOT_KEY;
const LOCAL_STORAGE_IS_PRIVATE = !import.meta.env.FIREFOX;

type AreaName = 'local' | 'session';

export interface PeekSnapshotOptions {
  /**
   * Whether plain values in storage.local count: only where content scripts cannot read that
   * area (Chromium). In Firefox the session seals the wallet values it keeps there, a page does
   * not open them, and a plain value there is not trusted (as WalletSealer does not).
   */
  plainLocal?: boolean;
}

/**
 * The session snapshot as an extension page finds it in storage, without asking the worker: from
 * the one area where it sits beside plain entropy it was written for (the entropy's SHA-256 is the
 * snapshot's `entropyDigest`, the rule the worker applies). Null when no area has one, when both
 * do (a move between the areas is under way, which the worker finishes), or when storage cannot
 * be read; it never rejects. It is what to show until the worker answers, never more: the worker
 * may know of a lost session, another account or pending requests.
 */
export async function peekSnapshot(
  options: PeekSnapshotOptions = {},
): Promise<SessionSnapshot | null> {
  const areas: AreaName[] =
    (options.plainLocal ?? LOCAL_STORAGE_IS_PRIVATE) ? ['session', 'local'] : ['session'];
  try {
    const found = await Promise.all(areas.map(snapshotIn));
    const snapshots = found.filter((snapshot) => snapshot !== null);
    return snapshots.length === 1 ? (snapshots[0] ?? null) : null;
  } catch {
    return null;
  }
}

async function snapshotIn(area: AreaName): Promise<SessionSnapshot | null> {
  const stored = await browser.storage[area].get([ENTROPY_KEY, STORED_SNAPSHOT_KEY]);
  const entropy = stored[ENTROPY_KEY];
  if (typeof entropy !== 'string') return null;
  return parseSnapshot(stored[STORED_SNAPSHOT_KEY], await sha256Hex(entropy));
}
