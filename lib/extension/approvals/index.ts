// Requests that wait for the person: the queue, the window that shows them, and what it shows.
export {
  type ApprovalService,
  type ApprovalServiceOptions,
  type ApprovalStatus,
  createApprovalService,
} from './approval-service.ts';
export { ApprovalError, type ApprovalRefusal } from './errors.ts';
export { needsPassword } from './needs-password.ts';
export { ApprovalQueue, type ApprovalWindowControl, MAX_PENDING_PER_ORIGIN } from './queue.ts';
export type {
  AddChainApproval,
  ApprovalDecision,
  ApprovalDetails,
  ApprovalSnapshot,
  CallsApproval,
  IdTokenApproval,
  LocalService,
  OwnCallsApproval,
  PendingApproval,
  PermitApproval,
  PermitTokenInfo,
  SpendingState,
  SpendPermissionApproval,
  SponsoredCallsApproval,
  TransactionApproval,
  TypedDataApproval,
} from './types.ts';
