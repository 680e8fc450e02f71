export { InvalidOriginError, normalizeOrigin } from './origin.ts';
export {
  type ConnectedSite,
  connectSite,
  isConnected,
  listConnectedSites,
  onPermissionsChanged,
  revokeSite,
} from './store.ts';
