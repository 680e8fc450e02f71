// The logged-in wallet of the worker (the background wires it to storage and the backend), and
// the session snapshot as an extension page may read it before the worker answers.
export { type PeekSnapshotOptions, peekSnapshot } from './peek-snapshot.ts';
export type { CachedProfile, SessionSnapshot } from './snapshot.ts';
export {
  type HedgehogLike,
  type LostSessionMarker,
  type SessionSigner,
  type SessionState,
  WalletSession,
  type WalletSessionDeps,
} from './wallet-session.ts';
