// Where a login's strong derivation, run by the popup on a worker of its own, meets the login the
// service worker is running (which has no second thread): the popup sends `login` with a fresh
// `strongMasterId` as soon as its Hedgehog lookup key is ready, and `loginStrongMaster` with the
// same id when its worker is done, so the two derivations run at once. Either may be handled
// first. The id ties a master to the one login it was derived for: a login that ends first
// withdraws its wait and a master that comes later is dropped, never kept for another login.
// A wait nobody answers (the popup closed) ends in null: the login then derives the key itself.

/** How long an offered master, a login's wait, or a withdrawn id is kept. */
const KEEP_MS = 30_000;

export interface StrongMasterWait {
  /** The master the popup derives for this login (null: none came, or it could not). */
  master: Promise<Uint8Array | null>;
  /** The login has ended: a master that comes later is dropped. */
  withdraw(): void;
}

export interface StrongMasterMailbox {
  expect(id: string): StrongMasterWait;
  offer(id: string, master: Uint8Array | null): void;
}

export function createStrongMasterMailbox(keepMs = KEEP_MS): StrongMasterMailbox {
  const waiting = new Map<string, (master: Uint8Array | null) => void>();
  const early = new Map<string, Uint8Array | null>();
  const ended = new Set<string>();
  const forgetLater = (forget: () => void): void => {
    const timer = setTimeout(forget, keepMs);
    (timer as { unref?: () => void }).unref?.();
  };
  return {
    expect(id) {
      if (early.has(id)) {
        const master = early.get(id) ?? null;
        early.delete(id);
        return { master: Promise.resolve(master), withdraw: () => undefined };
      }
      let settle: (master: Uint8Array | null) => void = () => undefined;
      const master = new Promise<Uint8Array | null>((resolve) => {
        const timer = setTimeout(() => settle(null), keepMs);
        (timer as { unref?: () => void }).unref?.();
        settle = (value) => {
          clearTimeout(timer);
          if (waiting.get(id) !== settle) return;
          waiting.delete(id);
          ended.add(id);
          forgetLater(() => ended.delete(id));
          resolve(value);
        };
      });
      waiting.set(id, settle);
      return { master, withdraw: () => settle(null) };
    },
    offer(id, master) {
      if (ended.has(id)) return;
      const settle = waiting.get(id);
      if (settle) {
        settle(master);
        return;
      }
      early.set(id, master);
      forgetLater(() => {
        if (early.get(id) === master) early.delete(id);
      });
    },
  };
}
