import { storageArea, WALLET_PREFIX } from './area-store.ts';
import type { WalletSealer } from './sealing/index.ts';

/**
 * Seals the wallet values in storage.local again under a new key, and deletes the old key. Run at
 * every login, sign-up and restore, once the new entropy is stored: whatever was sealed before
 * (an earlier account's entropy, username and snapshot, which a content script may have copied)
 * never opens again, whether or not a logout came in between. Values that do not open under the
 * current key were not written by the session and are removed (they would not open afterwards
 * either). A stop between deleting the key and writing the values leaves them unreadable: the
 * next start logs out and says so, and nothing else opens.
 */
export async function rekeyWalletData(sealer: WalletSealer): Promise<void> {
  const local = storageArea('local');
  const stored = Object.entries(await local.get(null)).filter(([key]) =>
    key.startsWith(WALLET_PREFIX),
  );
  const opened: [string, string][] = [];
  for (const [key, value] of stored) {
    const plain = await sealer.open(key, value).catch(() => null);
    if (plain !== null) opened.push([key, plain]);
  }
  await sealer.forget();
  const resealed: Record<string, unknown> = {};
  for (const [key, plain] of opened) resealed[key] = await sealer.seal(key, plain);
  if (opened.length > 0) await local.set(resealed);
  const dropped = stored.map(([key]) => key).filter((key) => !(key in resealed));
  if (dropped.length > 0) await local.remove(dropped);
}
