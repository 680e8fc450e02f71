// SPONSOR_* environment → SponsorOptions, validated at start. Off unless SPONSOR_RPC_URL,
// SPONSOR_KEY, SPONSOR_ENTRY_POINT, SPONSOR_DELEGATE and SPONSOR_ALLOWED_CALLS are all set; half a
// configuration (or a bad value) stops the start naming the variable.

import { allOrNone, type Env } from '@encore-wallet/utils/env';
import { getAddress } from 'ethers';
import { z } from 'zod';
import { ServerConfigError } from '../errors.ts';
import { type AllowedCall, parseAllowedCall } from './allowed-calls.ts';

export interface SponsorOptions {
  /** JSON-RPC URL of the chain the sponsor submits on. */
  rpcUrl: string;
  /** The paying account's key (0x + 64 hex): it sends every sponsored transaction. */
  privateKey: string;
  /** The ERC-4337 v0.8 EntryPoint the operations go through. */
  entryPoint: string;
  /** The delegate accounts must run (or upgrade to): Encore's account contract on this chain. */
  delegate: string;
  /** The contracts and functions paid for. */
  allowedCalls: readonly AllowedCall[];
  /** Operations paid per listener (the operation's account) per UTC day (default 20). */
  perListenerPerDay: number;
  /** Operations paid per client address (IPv6: /64) per UTC day (default 50). */
  perClientPerDay: number;
  /** Operations paid per UTC day in total, across every instance (default 1000). */
  perDay: number;
  /** Gas one sponsored transaction may use at most, its margin included (default 500,000). */
  maxGas: bigint;
  /** The highest fee per gas (wei) the sponsor offers; above it nothing is sent (default 100 gwei). */
  maxFeePerGas: bigint;
  /** Calls in one operation at most (default 8). */
  maxCalls: number;
  /** How far ahead an operation's deadline may lie (default 3600 s). */
  maxDeadlineSeconds: number;
}

const count = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
const address = (what: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, `must be the ${what}'s address (0x + 40 hex)`)
    .transform((value, ctx) => {
      try {
        return getAddress(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'has a wrong EIP-55 checksum' });
        return z.NEVER;
      }
    });

const SponsorEnvSchema = z.object({
  SPONSOR_RPC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  SPONSOR_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'),
  SPONSOR_ENTRY_POINT: address('EntryPoint'),
  SPONSOR_DELEGATE: address('delegate'),
  SPONSOR_ALLOWED_CALLS: z.string().transform((value, ctx) => {
    try {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(parseAllowedCall);
      if (entries.length === 0) throw new Error('lists no call');
      return entries;
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  SPONSOR_PER_LISTENER_PER_DAY: count(20, 1_000_000),
  SPONSOR_PER_CLIENT_PER_DAY: count(50, 1_000_000),
  SPONSOR_PER_DAY: count(1000, 100_000_000),
  SPONSOR_MAX_GAS: z.coerce.number().int().min(100_000).max(30_000_000).default(500_000),
  SPONSOR_MAX_FEE_PER_GAS: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(100_000_000_000),
  SPONSOR_MAX_CALLS: count(8, 16),
  SPONSOR_MAX_DEADLINE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
});

const REQUIRED = [
  'SPONSOR_RPC_URL',
  'SPONSOR_KEY',
  'SPONSOR_ENTRY_POINT',
  'SPONSOR_DELEGATE',
  'SPONSOR_ALLOWED_CALLS',
] as const;

/** undefined when the sponsor service is off; throws ServerConfigError naming the variable. */
export function sponsorFromEnv(env: Env): SponsorOptions | undefined {
  const required = allOrNone(env, REQUIRED);
  if (required.set === 'none') return undefined;
  if (required.set === 'some') {
    throw new ServerConfigError(
      `the sponsor service needs ${required.missing.join(' and ')} as well`,
    );
  }
  const parsed = SponsorEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServerConfigError(`${String(issue?.path[0] ?? 'SPONSOR')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    rpcUrl: e.SPONSOR_RPC_URL,
    privateKey: e.SPONSOR_KEY,
    entryPoint: e.SPONSOR_ENTRY_POINT,
    delegate: e.SPONSOR_DELEGATE,
    allowedCalls: e.SPONSOR_ALLOWED_CALLS,
    perListenerPerDay: e.SPONSOR_PER_LISTENER_PER_DAY,
    perClientPerDay: e.SPONSOR_PER_CLIENT_PER_DAY,
    perDay: e.SPONSOR_PER_DAY,
    maxGas: BigInt(e.SPONSOR_MAX_GAS),
    maxFeePerGas: BigInt(e.SPONSOR_MAX_FEE_PER_GAS),
    maxCalls: e.SPONSOR_MAX_CALLS,
    maxDeadlineSeconds: e.SPONSOR_MAX_DEADLINE_SECONDS,
  };
}
