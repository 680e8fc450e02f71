// The demo's "Support the artist" settings from the environment, validated at start: the session
// account's key (SUPPORT_SESSION_KEY), the Delegation Framework's DelegationManager and the two
// caveat enforcers whose terms the server reads (as `npm run chain` prints them), and
// CHAIN_RPC_URL. All of the first four, or none (the site then offers no subscription).

import { allOrNone } from '@encore-wallet/utils/env';
import { EncoreError } from '@encore-wallet/utils/errors';
import { z } from 'zod';

export class SupportConfigError extends EncoreError<'SUPPORT_CONFIG'> {
  static override readonly code = 'SUPPORT_CONFIG' as const;
  override readonly name = 'SupportConfigError';
}

export interface SupportConfig {
  readonly rpcUrl: string;
  /** The session account's key: it redeems the listeners' permissions and pays the fees. */
  readonly sessionKey: string;
  readonly delegationManager: string;
  readonly nativeTokenPeriodTransferEnforcer: string;
  readonly timestampEnforcer: string;
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address');
const EnvSchema = z.object({
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/ }),
  SUPPORT_SESSION_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'),
  DELEGATION_MANAGER_ADDRESS: address,
  NATIVE_TOKEN_PERIOD_TRANSFER_ENFORCER_ADDRESS: address,
  TIMESTAMP_ENFORCER_ADDRESS: address,
});

const REQUIRED = [
  'SUPPORT_SESSION_KEY',
  'DELEGATION_MANAGER_ADDRESS',
  'NATIVE_TOKEN_PERIOD_TRANSFER_ENFORCER_ADDRESS',
  'TIMESTAMP_ENFORCER_ADDRESS',
] as const;

/** null when none of the four is set; throws SupportConfigError on a missing or bad value. */
export function supportConfigFromEnv(
  env: Record<string, string | undefined>,
): SupportConfig | null {
  const required = allOrNone(env, REQUIRED);
  if (required.set === 'none') return null;
  if (required.set === 'some') {
    throw new SupportConfigError(
      `"Support the artist" needs ${required.missing.join(' and ')} as well`,
    );
  }
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SupportConfigError(
      `${String(issue?.path[0] ?? 'env')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    sessionKey: e.SUPPORT_SESSION_KEY,
    delegationManager: e.DELEGATION_MANAGER_ADDRESS,
    nativeTokenPeriodTransferEnforcer: e.NATIVE_TOKEN_PERIOD_TRANSFER_ENFORCER_ADDRESS,
    timestampEnforcer: e.TIMESTAMP_ENFORCER_ADDRESS,
  };
}
