// What the extension's bundles get in place of scrypt-off-thread.ts (scripts/build/
// no-page-scrypt-worker.ts swaps it in): extension pages' Content Security Policy refuses Blob
// workers, the service worker has no Worker at all, and the popup already derives a sign-up's
// lookup key beside the worker's key. Leaves the worker's ~30 KB of source out of every bundle.
import type * as OffThread from './scrypt-off-thread.ts';

// Typed as the whole module, so a function added there and not here fails the type check
// instead of the extension's build.
const none: typeof OffThread = {
  offThreadScryptPossible: () => false,
  useOffThreadScrypt: () => undefined,
  offThreadWorkersStarted: () => 0,
  offThreadKeysDerived: () => 0,
  prepareOffThreadScrypt: () => undefined,
  offThreadScryptReady: async () => undefined,
  scryptOffThread: async () => null,
};

export const {
  offThreadScryptPossible,
  useOffThreadScrypt,
  offThreadWorkersStarted,
  offThreadKeysDerived,
  prepareOffThreadScrypt,
  offThreadScryptReady,
  scryptOffThread,
} = none;
