import { type AreaName, ENTROPY_KEY, otherArea, storageArea, WALLET_PREFIX } from './area-store.ts';

/**
 * Puts the wallet keys in `target` and none in the other area, in two steps a stopped worker
 * resumes on its next start: one write into `target`, then one remove from the other area. So the
 * entropy is never in neither area, and "in both" lasts only until the next start. When both
 * areas hold an entropy, the target's wins: it is the one the session reads and writes.
 */
export async function relocateWalletData(target: AreaName): Promise<void> {
  const source = storageArea(otherArea(target));
  const moving = walletEntries(await source.get(null));
  if (Object.keys(moving).length === 0) return;
  const destination = storageArea(target);
  if (!(ENTROPY_KEY in walletEntries(await destination.get(null)))) await destination.set(moving);
  await source.remove(Object.keys(moving));
}

/** Removes every wallet key from both areas (logout), whichever the lock setting names. */
export async function clearWalletData(): Promise<void> {
  for (const area of ['local', 'session'] as const) {
    const keys = Object.keys(walletEntries(await storageArea(area).get(null)));
    if (keys.length > 0) await storageArea(area).remove(keys);
  }
}

function walletEntries(items: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(items).filter(([key]) => key.startsWith(WALLET_PREFIX)));
}
