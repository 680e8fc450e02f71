// The relayer's settings from the environment, validated at start. All of CHAIN_RPC_URL,
// RELAYER_KEY and FAVORITES_ADDRESS, or none (the site then runs without a relayer).

import { allOrNone } from '@encore-wallet/utils/env';
import { EncoreError } from '@encore-wallet/utils/errors';
import { z } from 'zod';

export class RelayConfigError extends EncoreError<'RELAY_CONFIG'> {
  static override readonly code = 'RELAY_CONFIG' as const;
  override readonly name = 'RelayConfigError';
}

export interface RelayBudget {
  /** Submissions allowed per window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RelayConfig {
  readonly rpcUrl: string;
  /**
   * The RPC URL pages are told to add to their wallet (wallet_addEthereumChain), or null: the
   * relayer's own URL may carry a provider key, so only a loopback one is offered by default.
   */
  readonly publicRpcUrl: string | null;
  /** The account that pays the fees: 0x + 64 hex. */
  readonly relayerKey: string;
  readonly favoritesAddress: string;
  /** Only wallets the music catalog links to a profile may have favorites relayed. */
  readonly requireCatalogWallet: boolean;
  /** Per listener (the signer's address). */
  readonly perListener: RelayBudget;
  /** Per client network address (every request, signed correctly or not; IPv6 by /64). */
  readonly perClientAddress: RelayBudget;
  /**
   * Favorites sent for everyone together: fresh listeners are free to make and client addresses
   * cheap to rotate, so this is what bounds the relayer's spending.
   */
  readonly total: RelayBudget;
  /** How far ahead a deadline may lie: a signature older than this never sits around usable. */
  readonly maxDeadlineSeconds: number;
}

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const EnvSchema = z.object({
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/ }),
  CHAIN_PUBLIC_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  RELAYER_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'),
  FAVORITES_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address'),
  RELAY_REQUIRE_CATALOG_WALLET: z.enum(['0', '1', 'true', 'false']).default('0'),
  RELAY_PER_LISTENER: count(10),
  RELAY_PER_CLIENT_ADDRESS: count(30),
  RELAY_TOTAL: count(1000),
  RELAY_WINDOW_SECONDS: count(3600),
  RELAY_MAX_DEADLINE_SECONDS: count(3600),
});

const REQUIRED = ['CHAIN_RPC_URL', 'RELAYER_KEY', 'FAVORITES_ADDRESS'] as const;

/** null when none of the required variables is set; throws RelayConfigError on a bad value. */
export function relayConfigFromEnv(env: Record<string, string | undefined>): RelayConfig | null {
  const required = allOrNone(env, REQUIRED);
  if (required.set === 'none') return null;
  if (required.set === 'some') {
    throw new RelayConfigError(`the relayer needs ${required.missing.join(' and ')} as well`);
  }
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RelayConfigError(
      `${String(issue?.path[0] ?? 'env')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    publicRpcUrl: e.CHAIN_PUBLIC_RPC_URL ?? (isLoopback(e.CHAIN_RPC_URL) ? e.CHAIN_RPC_URL : null),
    relayerKey: e.RELAYER_KEY,
    favoritesAddress: e.FAVORITES_ADDRESS,
    requireCatalogWallet:
      e.RELAY_REQUIRE_CATALOG_WALLET === '1' || e.RELAY_REQUIRE_CATALOG_WALLET === 'true',
    perListener: { limit: e.RELAY_PER_LISTENER, windowSeconds: e.RELAY_WINDOW_SECONDS },
    perClientAddress: { limit: e.RELAY_PER_CLIENT_ADDRESS, windowSeconds: e.RELAY_WINDOW_SECONDS },
    total: { limit: e.RELAY_TOTAL, windowSeconds: e.RELAY_WINDOW_SECONDS },
    maxDeadlineSeconds: e.RELAY_MAX_DEADLINE_SECONDS,
  };
}

/** Whether `url` names this machine: such an RPC URL may be offered to pages as it is. */
export function isLoopback(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
