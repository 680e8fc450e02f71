// Where a sign-up's lookup key, derived by the popup on its own thread, meets the sign-up the
// worker is running: the popup sends `signUp` first (so the worker starts deriving the
// encryption key at once), then `signUpLookupKey` when its derivation is done. Either may be
// handled first; what nobody collects is forgotten after a while.

/** How long an offered key, or a sign-up's wait, is kept. */
const KEEP_MS = 30_000;

const nameOf = (username: string): string => username.trim().normalize('NFC').toLowerCase();

export interface LookupKeyMailbox {
  /** The key the popup will offer for this sign-up (null: it could not derive one). */
  expect(username: string): Promise<string | null>;
  offer(username: string, lookupKey: string | null): void;
}

export function createLookupKeyMailbox(): LookupKeyMailbox {
  const waiting = new Map<string, (key: string | null) => void>();
  const early = new Map<string, string | null>();
  return {
    expect(username) {
      const name = nameOf(username);
      if (early.has(name)) {
        const key = early.get(name) ?? null;
        early.delete(name);
        return Promise.resolve(key);
      }
      return new Promise((resolve) => {
        waiting.set(name, resolve);
        setTimeout(() => {
          if (waiting.get(name) === resolve) waiting.delete(name);
          resolve(null);
        }, KEEP_MS);
      });
    },
    offer(username, lookupKey) {
      const name = nameOf(username);
      const resolve = waiting.get(name);
      if (resolve) {
        waiting.delete(name);
        resolve(lookupKey);
        return;
      }
      early.set(name, lookupKey);
      setTimeout(() => {
        if (early.get(name) === lookupKey) early.delete(name);
      }, KEEP_MS);
    },
  };
}
