// What the library page already fetched, kept for the page's session: coming back to a tab within
// the freshness window costs no request; after it, the list is fetched again from the start.

export const DEFAULT_FRESH_FOR_MS = 60_000;

export interface SessionCache<T> {
  /** The value saved under `key`, or undefined when there is none or it is no longer fresh. */
  get(key: string): T | undefined;
  /** Saves `value`; `keepAge` keeps the first save's time (a list growing page by page). */
  set(key: string, value: T, options?: { keepAge?: boolean }): void;
}

export interface SessionCacheOptions {
  freshForMs?: number;
  now?: () => number;
}

export function createSessionCache<T>(options: SessionCacheOptions = {}): SessionCache<T> {
  const freshForMs = options.freshForMs ?? DEFAULT_FRESH_FOR_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; savedAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.savedAt >= freshForMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, { keepAge = false } = {}) {
      const previous = entries.get(key);
      const savedAt = keepAge && previous ? previous.savedAt : now();
      entries.set(key, { value, savedAt });
    },
  };
}
