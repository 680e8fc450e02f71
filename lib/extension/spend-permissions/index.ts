// Spend permissions in the worker: the listener's grants as the popup lists them, what each has
// taken read from the chain, and the revoke sent from the listener's address.

export {
  createGrantList,
  type GrantList,
  type GrantListDeps,
  type GrantState,
  type ListedGrant,
} from './grant-list.ts';
export type {
  CaveatOnChain,
  DelegationOnChain,
  GrantOnChain,
  GrantTokenOnChain,
} from './grant-on-chain.ts';
export type { GrantRecord, GrantRecords, RecordedToken } from './grant-record.ts';
export { type GrantUsage, type Redemption, readGrantUsage, redemptionsOf } from './grant-usage.ts';
export { periodCaveat, periodTerms } from './period-caveat.ts';
export { disableDelegationData, sendRevoke } from './revoke-grant.ts';
export { GrantUnreadableError, RevokeFailedError } from './usage-errors.ts';
