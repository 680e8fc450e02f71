// Spend permissions in the extension: the grants the listener approved, kept per account and
// chain, and what the popup reads of them.
export {
  createGrantStore,
  GRANTS_KEY,
  GRANTS_VERSION,
  type GrantStore,
  onGrantsChanged,
} from './grant-store.ts';
export {
  type StoredDelegation,
  type StoredGrant,
  type StoredGrantToken,
  storedGrantSchema,
} from './stored-grant.ts';
export { type GrantRecordInput, storedGrantFrom } from './stored-grant-from.ts';
