// Programmatic entry of the persistence backend (tests, browser test harness, embedding).
export { configFromEnv } from './config-from-env.ts';
export {
  type Backend,
  type BackendOptions,
  createBackend,
  DEFAULT_CORS_ORIGINS,
  type NodeListener,
} from './create-backend.ts';
export { ServerConfigError } from './errors.ts';
export type { FundingOptions } from './funding/funding-config.ts';
export type { FetchHandler } from './http/fetch-handler.ts';
export type { LogLine } from './http/request-log.ts';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit/rate-limiter.ts';
export { type AllowedCall, parseAllowedCall } from './sponsor/allowed-calls.ts';
export { type SponsorOptions, sponsorFromEnv } from './sponsor/sponsor-config.ts';
export { type RunningServer, type StartServerOptions, startServer } from './start-server.ts';
export type { EngineName } from './store/store.ts';
