// The logged-in wallet of the worker (the background wires it to storage and the backend).
export {
  type HedgehogLike,
  type SessionState,
  WalletSession,
  type WalletSessionDeps,
} from './wallet-session.ts';
