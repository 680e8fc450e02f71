// Spend permissions in the extension: the grants the listener approved, kept per account and
// chain; what each has taken, read from the chain; the popup's list and the revoke sent from the
// listener's address; and the worker's grant path (request, window, signature).
export { GrantUpgradeFailedError } from './errors.ts';
export type {
  CaveatOnChain,
  DelegationOnChain,
  GrantOnChain,
  GrantTokenOnChain,
} from './grant-on-chain.ts';
export {
  createGrantOverview,
  type GrantOverview,
  type GrantOverviewDeps,
  type GrantState,
  type ListedGrant,
} from './grant-overview.ts';
export {
  createGrantService,
  type GrantService,
  type GrantServiceDeps,
  type PermissionAnswer,
} from './grant-service.ts';
export {
  createGrantStore,
  GRANTS_KEY,
  GRANTS_VERSION,
  type GrantStore,
  onGrantsChanged,
} from './grant-store.ts';
export { type GrantUsage, type Redemption, readGrantUsage, redemptionsOf } from './grant-usage.ts';
export {
  type GrantTokenWords,
  grantAmount,
  grantDate,
  periodInWords,
} from './grant-words.ts';
export { periodCaveat, periodTerms } from './period-caveat.ts';
export { redemptionEntries } from './redemption-entries.ts';
export { disableDelegationData, readRevokeTx, sendRevoke } from './revoke-grant.ts';
export {
  type StoredDelegation,
  type StoredGrant,
  type StoredGrantToken,
  storedGrantSchema,
} from './stored-grant.ts';
export { type GrantRecordInput, storedGrantFrom } from './stored-grant-from.ts';
export { GrantUnreadableError, RevokeFailedError } from './usage-errors.ts';
