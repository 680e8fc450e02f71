// Programmatic entry of the persistence backend (tests, browser test harness, embedding).
export { ServerConfigError } from './errors.ts';
export type { LogLine } from './http/request-log.ts';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit/rate-limiter.ts';
export type { SponsorOptions } from './sponsor/sponsor-config.ts';
export { type RunningServer, type StartServerOptions, startServer } from './start-server.ts';
export type { EngineName } from './store/store.ts';
