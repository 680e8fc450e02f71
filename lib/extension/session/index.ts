// The logged-in wallet of the worker (the background wires it to storage and the backend).
export type { CachedProfile, SessionSnapshot } from './snapshot.ts';
export {
  type HedgehogLike,
  type LostSessionMarker,
  type SessionSigner,
  type SessionState,
  WalletSession,
  type WalletSessionDeps,
} from './wallet-session.ts';
