// @encore-wallet/backend-client: the wallet core's getFn / setAuthFn / setUserFn over HTTP, and
// the contract they speak (re-exported from @encore-wallet/contract).
export * from '../../../lib/backend/index.ts';
