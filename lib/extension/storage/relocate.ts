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
 * (a value that does not open throws WalletDataUnreadableError before anything moved); once they
 * have left storage.local its key is forgotten, so no copy of the ciphertext opens again.
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
  if (!(ENTROPY_KEY in walletEntries(await destination.get(null)))) {
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
    const plain = await reader.decode(key, value);
    if (plain !== null) out[key] = await writer.encode(key, plain);
  }
  return out;
}

function walletEntries(items: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(items).filter(([key]) => key.startsWith(WALLET_PREFIX)));
}
