import { browser } from 'wxt/browser';

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

/** A KeyValueStore over one extension storage area, with keys namespaced under WALLET_PREFIX. */
export function createAreaStore(area: () => Promise<AreaName>): KeyValueStore {
  return {
    async get(key) {
      const full = WALLET_PREFIX + key;
      const value = (await storageArea(await area()).get(full))[full];
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await storageArea(await area()).set({ [WALLET_PREFIX + key]: value });
    },
    async remove(key) {
      await storageArea(await area()).remove(WALLET_PREFIX + key);
    },
  };
}
