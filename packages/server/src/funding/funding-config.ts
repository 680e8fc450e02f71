// FUNDING_* environment → FundingOptions, validated at start. Off unless FUNDING_RPC_URL,
// FUNDING_KEY and FUNDING_AMOUNT_WEI are all set; half a configuration stops the start.

import { allOrNone, type Env } from '@encore-wallet/utils/env';
import { z } from 'zod';
import { ServerConfigError } from '../errors.ts';

export interface FundingOptions {
  /** JSON-RPC URL of the chain the payments go out on. */
  rpcUrl: string;
  /** The paying account's key: 0x + 64 hex. Used by this backend only (it counts its nonces). */
  privateKey: string;
  /** Paid once to each new address, in wei. */
  amountWei: bigint;
  /** Payments queued per client address per UTC day (default 3). */
  perClientPerDay: number;
  /** Payments queued per UTC day in total, across every instance (default 100). */
  perDay: number;
  /** First retry delay after a failure, doubled each time up to an hour (default 30). */
  retrySeconds: number;
  /** The highest gas price a transfer is signed at, in wei; above it nothing is signed. */
  maxGasPriceWei: bigint;
}

/** 100 gwei: far above a local chain's ~1 gwei, so at most 0.0021 ETH of fee per transfer. */
export const DEFAULT_MAX_GAS_PRICE_WEI = 100_000_000_000n;

const wei = z
  .string()
  .regex(/^[1-9]\d{0,30}$/, 'must be a positive whole number of wei')
  .transform((value) => BigInt(value));

const count = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

const FundingEnvSchema = z.object({
  FUNDING_RPC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  FUNDING_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'),
  FUNDING_AMOUNT_WEI: wei,
  FUNDING_MAX_GAS_PRICE_WEI: wei.default(DEFAULT_MAX_GAS_PRICE_WEI),
  FUNDING_PER_CLIENT_PER_DAY: count(3, 1_000_000),
  FUNDING_PER_DAY: count(100, 100_000_000),
  FUNDING_RETRY_SECONDS: count(30, 3600),
});

const REQUIRED = ['FUNDING_RPC_URL', 'FUNDING_KEY', 'FUNDING_AMOUNT_WEI'] as const;

/** undefined when funding is off; throws ServerConfigError naming the faulty variable. */
export function fundingFromEnv(env: Env): FundingOptions | undefined {
  const required = allOrNone(env, REQUIRED);
  if (required.set === 'none') return undefined;
  if (required.set === 'some') {
    throw new ServerConfigError(`funding needs ${required.missing.join(' and ')} as well`);
  }
  const parsed = FundingEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServerConfigError(`${String(issue?.path[0] ?? 'FUNDING')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    rpcUrl: e.FUNDING_RPC_URL,
    privateKey: e.FUNDING_KEY,
    amountWei: e.FUNDING_AMOUNT_WEI,
    perClientPerDay: e.FUNDING_PER_CLIENT_PER_DAY,
    perDay: e.FUNDING_PER_DAY,
    retrySeconds: e.FUNDING_RETRY_SECONDS,
    maxGasPriceWei: e.FUNDING_MAX_GAS_PRICE_WEI,
  };
}
