// Key-value stores for the entropy. The extension passes its own (browser.storage); these are
// the defaults: the page's localStorage where there is one, otherwise memory (Node, workers).
import type { KeyValueStore } from './types.ts';

/** The key Hedgehog itself uses, so a page that already holds a Hedgehog session keeps it. */
export const ENTROPY_STORAGE_KEY = 'hedgehog-entropy-key';

/**
 * Whether a stored value is entropy a wallet can be opened from (16–32 bytes of lowercase hex);
 * Hedgehog once wrote the string 'undefined' under that key, and storage may hold anything.
 */
export function isStoredEntropy(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^(?:[0-9a-f]{8}){4,8}$/.test(value);
}

export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get: async (key) => map.get(key) ?? null,
    set: async (key, value) => {
      map.set(key, value);
    },
    remove: async (key) => {
      map.delete(key);
    },
  };
}

/**
 * The part of the Web Storage API the wallet core uses (`localStorage`, `sessionStorage`, or any
 * look-alike). Named here rather than as DOM's `Storage`, so a Node project type-checks without
 * the DOM library.
 */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function wrapWebStorage(storage: WebStorageLike): KeyValueStore {
  return {
    get: async (key) => storage.getItem(key),
    set: async (key, value) => storage.setItem(key, value),
    remove: async (key) => storage.removeItem(key),
  };
}

export function createDefaultStore(): KeyValueStore {
  try {
    // Reading localStorage throws in sandboxed frames and is absent in workers and Node.
    const ls = (globalThis as { localStorage?: WebStorageLike }).localStorage;
    if (ls && typeof ls.getItem === 'function') return wrapWebStorage(ls);
  } catch {
    // fall through to memory
  }
  return createMemoryStore();
}
