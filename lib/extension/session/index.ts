export { createWalletSession, getWalletSession } from './create-session.ts';
export { countPendingApprovals, setPendingApprovalsCounter } from './pending-approvals.ts';
export {
  type HedgehogLike,
  type SessionState,
  WalletSession,
  type WalletSessionDeps,
} from './wallet-session.ts';
