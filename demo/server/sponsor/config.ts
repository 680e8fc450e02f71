// The site's sponsor from the environment, validated at start: SPONSOR_URL (the sponsor service
// that pays, e.g. the reference backend's POST /sponsor), FAN_ACTIONS_ADDRESS (the contract whose
// calls it pays for) and CHAIN_RPC_URL, all or none (the site then offers no sponsored calls).

import { allOrNone } from '@encore-wallet/utils/env';
import { EncoreError } from '@encore-wallet/utils/errors';
import { z } from 'zod';
import { isLoopback } from '../relay/config.ts';

export class SponsorConfigError extends EncoreError<'SPONSOR_CONFIG'> {
  static override readonly code = 'SPONSOR_CONFIG' as const;
  override readonly name = 'SponsorConfigError';
}

export interface SiteSponsorConfig {
  /** Where the site forwards the wallet's sponsor requests. */
  readonly upstreamUrl: string;
  readonly fanActionsAddress: string;
  /** The chain the calls run on (its id is read from it at start). */
  readonly rpcUrl: string;
  /** The RPC URL pages may offer their wallet, or null (see relay/config.ts). */
  readonly publicRpcUrl: string | null;
  /**
   * An ERC-7677 paymaster service (PAYMASTER_URL, e.g. the reference backend's POST /paymaster):
   * when set, the page names it as `paymasterService` instead of the site's own sponsor route.
   */
  readonly paymasterUrl?: string | null;
}

const EnvSchema = z.object({
  SPONSOR_URL: z.url({ protocol: /^https?$/ }),
  FAN_ACTIONS_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address'),
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/ }),
  CHAIN_PUBLIC_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMASTER_URL: z.url({ protocol: /^https?$/ }).optional(),
});

const REQUIRED = ['SPONSOR_URL', 'FAN_ACTIONS_ADDRESS', 'CHAIN_RPC_URL'] as const;

/** null when SPONSOR_URL and FAN_ACTIONS_ADDRESS are unset; throws SponsorConfigError otherwise. */
export function siteSponsorConfigFromEnv(
  env: Record<string, string | undefined>,
): SiteSponsorConfig | null {
  if (!env.SPONSOR_URL?.trim() && !env.FAN_ACTIONS_ADDRESS?.trim()) return null;
  const required = allOrNone(env, REQUIRED);
  if (required.set === 'some') {
    throw new SponsorConfigError(`sponsored calls need ${required.missing.join(' and ')} as well`);
  }
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SponsorConfigError(
      `${String(issue?.path[0] ?? 'env')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  return {
    upstreamUrl: e.SPONSOR_URL,
    fanActionsAddress: e.FAN_ACTIONS_ADDRESS,
    rpcUrl: e.CHAIN_RPC_URL,
    publicRpcUrl: e.CHAIN_PUBLIC_RPC_URL ?? (isLoopback(e.CHAIN_RPC_URL) ? e.CHAIN_RPC_URL : null),
    paymasterUrl: e.PAYMASTER_URL ?? null,
  };
}
