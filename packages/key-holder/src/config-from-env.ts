// Environment → StartKeyHolderOptions for `encore-key-holder`. Bad values stop the start with a
// reason (and never print a key).
import { type Env, integerFromEnv } from '@encore-wallet/utils/env';
import { KeyHolderConfigError } from './errors.ts';
import { loadKeyRing } from './keys/load-keys.ts';
import { DEFAULT_GUESS_LIMITS } from './limits/guess-policy.ts';
import type { StartKeyHolderOptions } from './start-key-holder.ts';

/** The key holder's default port: beside the backend's 8787. */
export const DEFAULT_KEY_HOLDER_PORT = 8789;

export function configFromEnv(env: Env): StartKeyHolderOptions {
  const d = DEFAULT_GUESS_LIMITS;
  return {
    keys: loadKeyRing(env),
    port: integer(env, 'KEY_HOLDER_PORT', DEFAULT_KEY_HOLDER_PORT, 0, 65535),
    host: env.KEY_HOLDER_HOST?.trim() || '127.0.0.1',
    databaseUrl: env.KEY_HOLDER_DATABASE_URL?.trim() || undefined,
    corsOrigins: env.KEY_HOLDER_CORS_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: integer(env, 'KEY_HOLDER_TRUST_PROXY', 0, 0, 10),
    limits: {
      windowSeconds: integer(env, 'KEY_HOLDER_WINDOW_SECONDS', d.windowSeconds, 1),
      perAccount: integer(env, 'KEY_HOLDER_PER_ACCOUNT', d.perAccount, 1),
      perAddress: integer(env, 'KEY_HOLDER_PER_ADDRESS', d.perAddress, 1),
      baseWaitSeconds: integer(env, 'KEY_HOLDER_BASE_WAIT_SECONDS', d.baseWaitSeconds, 1),
      maxWaitSeconds: integer(env, 'KEY_HOLDER_MAX_WAIT_SECONDS', d.maxWaitSeconds, 1),
      forgetAfterSeconds: integer(env, 'KEY_HOLDER_FORGET_AFTER_SECONDS', d.forgetAfterSeconds, 1),
    },
  };
}

function integer(env: Env, name: string, fallback: number, min: number, max?: number): number {
  const read = integerFromEnv(env, name, { fallback, min, max });
  if (!read.ok) throw new KeyHolderConfigError(read.error);
  return read.value;
}
