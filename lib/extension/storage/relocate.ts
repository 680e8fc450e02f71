import {
  type AreaName,
  ENTROPY_KEY,
  otherArea,
  storageArea,
  WALLET_PREFIX,
  walletValueCodec,
} from './area-store.ts';
import type { WalletSealer } from './sealing/index.ts';

/**
 * Puts the wallet keys in `target` and none in the other area, in two steps a stopped worker
 * resumes on its next start: one write into `target`, then one remove from the other area. So the
 * entropy is never in neither area, and "in both" lasts only until the next start. When both
 * areas hold an entropy, the target's wins: it is the one the session reads and writes.
 *
 * With a sealer, values are sealed on their way into storage.local and opened on their way out
 * (an entropy that does not open throws WalletDataUnreadableError before anything moved; any
 * other value that does not open is not the session's and stays behind); once they have left
 * storage.local its key is forgotten, so no copy of the ciphertext opens again. A content script
 * can write storage.local, so an entropy there counts as the target's only when it opens: a
 * planted look-alike never stops the move and never costs the session its only copy.
 */
export async function relocateWalletData(
  target: AreaName,
  sealer: WalletSealer | null = null,
): Promise<void> {
  const sourceName = otherArea(target);
  const source = storageArea(sourceName);
  const stored = walletEntries(await source.get(null));
  if (Object.keys(stored).length === 0) return;
  const destination = storageArea(target);
  if (!(await holdsEntropy(target, walletEntries(await destination.get(null)), sealer))) {
    const moving = sealer ? await reseal(stored, sourceName, target, sealer) : stored;
    if (Object.keys(moving).length > 0) await destination.set(moving);
  }
  await source.remove(Object.keys(stored));
  if (sourceName === 'local') await sealer?.forget();
}

/** Removes every wallet key from both areas (logout), whichever the lock setting names. */
export async function clearWalletData(sealer: WalletSealer | null = null): Promise<void> {
  for (const area of ['local', 'session'] as const) {
    const keys = Object.keys(walletEntries(await storageArea(area).get(null)));
    if (keys.length > 0) await storageArea(area).remove(keys);
  }
  await sealer?.forget();
}

/** Whether `entries` (the wallet values in `area`) hold an entropy the session can read there. */
async function holdsEntropy(
  area: AreaName,
  entries: Record<string, unknown>,
  sealer: WalletSealer | null,
): Promise<boolean> {
  if (!(ENTROPY_KEY in entries)) return false;
  const opened = await walletValueCodec(area, sealer)
    .decode(ENTROPY_KEY, entries[ENTROPY_KEY])
    .catch(() => null);
  return opened !== null;
}

/** The values as `to` keeps them: opened from `from`'s form, sealed or not for `to`. */
async function reseal(
  stored: Record<string, unknown>,
  from: AreaName,
  to: AreaName,
  sealer: WalletSealer,
): Promise<Record<string, unknown>> {
  const [reader, writer] = [walletValueCodec(from, sealer), walletValueCodec(to, sealer)];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    // Only the entropy's failure is the session's: another value that does not open was not
    // written by it (a content script planted it) and is left out rather than ending the session.
    const plain =
      key === ENTROPY_KEY
        ? await reader.decode(key, value)
        : await reader.decode(key, value).catch(() => null);
    if (plain !== null) out[key] = await writer.encode(key, plain);
  }
  return out;
}

function walletEntries(items: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(items).filter(([key]) => key.startsWith(WALLET_PREFIX)));
}
