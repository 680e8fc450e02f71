// Client side of the persistence backend: the wallet core's getFn/setAuthFn/setUserFn over HTTP.

export * from '@encore-wallet/contract';
export {
  type BackendFns,
  type BackendFnsOptions,
  createBackendFns,
  DEFAULT_TIMEOUT_MS,
} from './create-backend-fns.ts';
export type { FetchLike } from './internal/request-json.ts';
