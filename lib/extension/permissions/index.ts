export { InvalidAccountError, normalizeAccount } from './account.ts';
export { type CurrentConnections, currentConnections } from './current-account.ts';
export { InvalidOriginError, normalizeOrigin } from './origin.ts';
export {
  type ConnectedSite,
  claimUnclaimedConnections,
  connectedAt,
  connectedForSomeAccount,
  connectSite,
  isConnected,
  listConnectedSites,
  onPermissionsChanged,
  type PermissionsChange,
  revokeSite,
} from './store.ts';
