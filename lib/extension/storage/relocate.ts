import { type AreaName, storageArea, WALLET_PREFIX } from './area-store.ts';

/**
 * Moves every wallet key into `target` and out of the other area. Idempotent, and it copies
 * before it deletes, so a worker killed half-way loses nothing: the next start runs it again.
 */
export async function relocateWalletData(target: AreaName): Promise<void> {
  const other = storageArea(target === 'local' ? 'session' : 'local');
  const all = await other.get(null);
  const entries = Object.entries(all).filter(([key]) => key.startsWith(WALLET_PREFIX));
  if (entries.length === 0) return;
  await storageArea(target).set(Object.fromEntries(entries));
  await other.remove(entries.map(([key]) => key));
}

/** Removes every wallet key from both areas (logout). */
export async function clearWalletData(): Promise<void> {
  for (const area of ['local', 'session'] as const) {
    const all = await storageArea(area).get(null);
    const keys = Object.keys(all).filter((key) => key.startsWith(WALLET_PREFIX));
    if (keys.length > 0) await storageArea(area).remove(keys);
  }
}
