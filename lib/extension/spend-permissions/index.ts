// Spend permissions in the extension: the grants the listener approved, kept per account and
// chain, what the popup reads of them, and the worker's grant path (request, window, signature).
export { GrantUpgradeFailedError } from './errors.ts';
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
export {
  type GrantTokenWords,
  grantAmount,
  grantDate,
  periodInWords,
} from './grant-words.ts';
export {
  type StoredDelegation,
  type StoredGrant,
  type StoredGrantToken,
  storedGrantSchema,
} from './stored-grant.ts';
export { type GrantRecordInput, storedGrantFrom } from './stored-grant-from.ts';
