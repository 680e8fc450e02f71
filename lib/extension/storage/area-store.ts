import { browser } from 'wxt/browser';
import type { WalletSealer } from './sealing/index.ts';

/** The key-value shape Hedgehog persists its entropy through (structurally its KeyValueStore). */
export interface KeyValueStore {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export type AreaName = 'local' | 'session';

/** Every wallet key lives under this prefix, so the lock setting can move them as one. */
export const WALLET_PREFIX = 'encore:wallet:';
/** The entropy, under Hedgehog's own key name. */
export const ENTROPY_KEY = `${WALLET_PREFIX}hedgehog-entropy-key`;

export function storageArea(area: AreaName): typeof browser.storage.local {
  return area === 'local' ? browser.storage.local : browser.storage.session;
}

export function otherArea(area: AreaName): AreaName {
  return area === 'local' ? 'session' : 'local';
}

/**
 * How wallet values are kept in `area`: sealed in storage.local when a sealer is given (the
 * browser lets content scripts read storage.local), as they are otherwise.
 */
export function walletValueCodec(area: AreaName, sealer: WalletSealer | null) {
  const sealed = area === 'local' && sealer !== null;
  return {
    encode: (key: string, value: string): Promise<unknown> =>
      sealed ? sealer.seal(key, value) : Promise.resolve(value),
    /** The value kept under `key`; null for anything this area does not keep (see WalletSealer). */
    decode: async (key: string, stored: unknown): Promise<string | null> => {
      if (sealed) return sealer.open(key, stored);
      return typeof stored === 'string' ? stored : null;
    },
  };
}

/**
 * A KeyValueStore over one extension storage area, with keys namespaced under WALLET_PREFIX.
 * With a sealer, what it keeps in storage.local is sealed (and only sealed values are read there).
 */
export function createAreaStore(
  area: () => Promise<AreaName>,
  sealer: WalletSealer | null = null,
): KeyValueStore {
  return {
    async get(key) {
      const full = WALLET_PREFIX + key;
      const name = await area();
      const stored = (await storageArea(name).get(full))[full];
      return walletValueCodec(name, sealer).decode(full, stored);
    },
    async set(key, value) {
      const full = WALLET_PREFIX + key;
      const name = await area();
      await storageArea(name).set({
        [full]: await walletValueCodec(name, sealer).encode(full, value),
      });
    },
    async remove(key) {
      await storageArea(await area()).remove(WALLET_PREFIX + key);
    },
  };
}
