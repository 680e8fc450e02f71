// Moving everything to another wallet, in the worker: the plan read from the chain, the one
// batch (or the transactions in order) signed after the password, the gate that holds off other
// sends and chain switches meanwhile, and what arrived.
export { MoveInProgressError, MoveRefusedError } from './errors.ts';
export { guardRpcDeps } from './guard-rpc.ts';
export { createMoveGate, type MoveGate } from './move-gate.ts';
export type { MoveOutcome, MovePlan, MoveSent } from './move-plan.ts';
export {
  createMoveService,
  type MoveService,
  type MoveServiceDeps,
  PLAN_LIFETIME_MS,
} from './move-service.ts';
export { readTokenHoldings, type TokenHolding } from './token-balances.ts';
