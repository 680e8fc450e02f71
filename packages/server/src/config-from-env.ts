// Environment → StartServerOptions for `npm run server`. Bad values stop the start with a reason.
import { type Env, integerFromEnv } from '@encore-wallet/utils/env';
import { ServerConfigError } from './errors.ts';
import { fundingFromEnv } from './funding/funding-config.ts';
import { DEFAULT_RATE_LIMIT } from './rate-limit/rate-limiter.ts';
import { paymasterFromEnv } from './sponsor/paymaster-config.ts';
import { sponsorFromEnv } from './sponsor/sponsor-config.ts';
import type { StartServerOptions } from './start-server.ts';

export function configFromEnv(env: Env): StartServerOptions {
  const perMinute = integer(env, 'RATE_LIMIT_PER_MINUTE', 10, 1);
  const sponsor = sponsorFromEnv(env);
  return {
    port: integer(env, 'PORT', 8787, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimit: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      perAddress: integer(env, 'RATE_LIMIT_PER_ADDRESS', perMinute, 1),
      perLookupKey: integer(env, 'RATE_LIMIT_PER_LOOKUP_KEY', perMinute, 1),
      // Writes have their own budget, not tied to RATE_LIMIT_PER_MINUTE: raising lookups for a
      // busy login page must not silently raise how fast POST can be used to guess.
      writesPerAddress: integer(
        env,
        'RATE_LIMIT_WRITES_PER_ADDRESS',
        DEFAULT_RATE_LIMIT.writesPerAddress,
        1,
      ),
      writesPerLookupKey: integer(
        env,
        'RATE_LIMIT_WRITES_PER_LOOKUP_KEY',
        DEFAULT_RATE_LIMIT.writesPerLookupKey,
        1,
      ),
      sponsorPerAddress: integer(
        env,
        'RATE_LIMIT_SPONSOR_PER_ADDRESS',
        DEFAULT_RATE_LIMIT.sponsorPerAddress,
        1,
      ),
      ...bucketSecret(env),
    },
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : integer(env, 'TRUST_PROXY', 0, 0, 10),
    funding: fundingFromEnv(env),
    sponsor,
    paymaster: paymasterFromEnv(env, sponsor !== undefined),
  };
}

/** RATE_LIMIT_BUCKET_SECRET: 64 or more hex characters, the same on every instance. */
function bucketSecret(env: Env): { bucketSecret?: Uint8Array } {
  const value = env.RATE_LIMIT_BUCKET_SECRET?.trim();
  if (!value) return {};
  if (!/^(?:[0-9a-fA-F]{2}){32,}$/.test(value)) {
    throw new ServerConfigError(
      'RATE_LIMIT_BUCKET_SECRET must be at least 32 bytes in hex (64 hex characters).',
    );
  }
  return { bucketSecret: Uint8Array.from(Buffer.from(value, 'hex')) };
}

function integer(env: Env, name: string, fallback: number, min: number, max?: number): number {
  const read = integerFromEnv(env, name, { fallback, min, max });
  if (!read.ok) throw new ServerConfigError(read.error);
  return read.value;
}
