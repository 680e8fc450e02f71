// Spend permissions, the wallet's side: a site's ERC-7715 request (as MetaMask's Smart Accounts
// Kit sends it) read into the canonical grant the window shows, and the ERC-7710 delegation the
// listener's key signs for it. Plain TypeScript over the worker's chain reads: no extension API.

export type {
  CanonicalGrant,
  Erc20GrantToken,
  GrantToken,
  NativeGrantToken,
  PeriodicPermissionType,
} from './canonical-grant.ts';
export {
  InvalidPermissionRequestError,
  type PermissionErrorCode,
  UnsupportedPermissionError,
} from './errors.ts';
export {
  buildGrantDelegation,
  delegationTypedData,
  type GrantDelegation,
  type GrantEnforcers,
  permissionContext,
  randomSalt,
} from './grant-delegation.ts';
export { redeemablePeriods } from './max-total.ts';
export {
  type GrantContext,
  type GrantFramework,
  MAX_GRANT_SECONDS,
  parsePermissionRequest,
  SUPPORTED_PERMISSION_TYPES,
  SUPPORTED_RULE_TYPES,
} from './parse-request.ts';
export {
  type PermissionResponse,
  permissionResponse,
  supportedPermissions,
} from './wire-answers.ts';
