// A site's ERC-7715 request, read into the canonical grant the window shows and the wallet
// signs. Everything the site says is checked against the wallet's own facts: the chain it is
// asked on, the listener's address, the Delegation Framework's contracts on that chain, the
// wallet's clock, and the token's decimals and symbol as the token contract answers them.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { getAddress } from 'ethers';
import type { z } from 'zod';
import { readTokenInfo } from '../transactions/index.ts';
import type { CanonicalGrant, GrantToken, PeriodicPermissionType } from './canonical-grant.ts';
import { InvalidPermissionRequestError, UnsupportedPermissionError } from './errors.ts';
import { redeemablePeriods } from './max-total.ts';
import {
  periodicDataSchema,
  permissionRequestSchema,
  type RawPeriodicData,
  type RawPermissionRequest,
} from './request-schema.ts';

/** The permission types Encore grants, and the rule types it reads. */
export const SUPPORTED_PERMISSION_TYPES: readonly PeriodicPermissionType[] = [
  'native-token-periodic',
  'erc20-token-periodic',
];
export const SUPPORTED_RULE_TYPES: readonly string[] = ['expiry'];

const MAX_UINT256 = (1n << 256n) - 1n;
/** The longest period, and the furthest expiry: ten years (the kit's own period bound). */
export const MAX_GRANT_SECONDS = 10 * 365 * 24 * 60 * 60;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The Delegation Framework's contracts on the chain, as Encore's pinned table names them. */
export interface GrantFramework {
  readonly delegationManager: string;
  readonly caveatEnforcers: Readonly<Record<string, string>>;
}

/** The wallet's own facts a request is read against. */
export interface GrantContext {
  /** The site that asked, from the sender. */
  readonly origin: string;
  /** The logged-in listener's address. */
  readonly listener: string;
  /** The chain the site is connected on: the only one a grant is made for. */
  readonly chainId: number;
  readonly framework: GrantFramework;
  readonly nativeCurrency: { readonly symbol: string; readonly decimals: number };
  /** The worker's reads of that chain (token decimals and symbol). */
  readonly chain: ChainRpc;
  /** Unix seconds, the wallet's clock. */
  readonly now: number;
}

function fieldOf(path: readonly PropertyKey[], prefix: string): string {
  return path.reduce<string>(
    (field, key) =>
      typeof key === 'number'
        ? `${field}[${key}]`
        : field
          ? `${field}.${String(key)}`
          : String(key),
    prefix,
  );
}

function parseWith<T>(schema: z.ZodType<T, unknown>, input: unknown, prefix: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = fieldOf(issue?.path ?? [], prefix);
  throw new InvalidPermissionRequestError(field || 'request', issue?.message ?? 'is malformed');
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function checkChain(request: RawPermissionRequest, ctx: GrantContext): void {
  if (BigInt(request.chainId) !== BigInt(ctx.chainId)) {
    throw new InvalidPermissionRequestError(
      'chainId',
      `is ${BigInt(request.chainId)}, not the chain this site is connected on (${ctx.chainId})`,
    );
  }
}

function checkAccounts(request: RawPermissionRequest, ctx: GrantContext): void {
  if (request.from !== undefined && !sameAddress(request.from, ctx.listener)) {
    throw new InvalidPermissionRequestError('from', 'is not the connected account');
  }
  const to = request.to;
  const refuse = (what: string) =>
    new InvalidPermissionRequestError('to', `is ${what}: a grant goes to the site's own account`);
  if (sameAddress(to, ZERO_ADDRESS)) throw refuse('address 0');
  if (sameAddress(to, ctx.listener)) throw refuse("the listener's own address");
  if (sameAddress(to, ctx.framework.delegationManager)) throw refuse('the DelegationManager');
  for (const [name, enforcer] of Object.entries(ctx.framework.caveatEnforcers)) {
    if (sameAddress(to, enforcer)) throw refuse(`a caveat enforcer (${name})`);
  }
}

function readExpiry(request: RawPermissionRequest, now: number): number {
  let expiry: number | undefined;
  request.rules.forEach((rule, i) => {
    if (!SUPPORTED_RULE_TYPES.includes(rule.type)) {
      throw new UnsupportedPermissionError(
        `rules[${i}].type`,
        `"${rule.type}" is not a rule Encore applies (it applies: ${SUPPORTED_RULE_TYPES.join(', ')})`,
      );
    }
    if (expiry !== undefined) {
      throw new InvalidPermissionRequestError(`rules[${i}]`, 'is a second expiry');
    }
    const data = rule.data as { timestamp?: unknown } | null;
    const timestamp = typeof data === 'object' && data !== null ? data.timestamp : undefined;
    if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp <= 0) {
      throw new InvalidPermissionRequestError(
        `rules[${i}].data.timestamp`,
        'must be a unix time in seconds',
      );
    }
    expiry = timestamp;
  });
  if (expiry === undefined) {
    throw new InvalidPermissionRequestError(
      'rules',
      'must hold an expiry: without an end date the most the grant can take has no bound',
    );
  }
  if (expiry <= now) throw new InvalidPermissionRequestError('rules.expiry', 'is in the past');
  if (expiry - now > MAX_GRANT_SECONDS) {
    throw new InvalidPermissionRequestError('rules.expiry', 'is more than ten years away');
  }
  return expiry;
}

function readAmount(data: RawPeriodicData): bigint {
  const amount = BigInt(data.periodAmount);
  if (amount === 0n) {
    throw new InvalidPermissionRequestError('permission.data.periodAmount', 'is 0');
  }
  if (amount > MAX_UINT256) {
    throw new InvalidPermissionRequestError(
      'permission.data.periodAmount',
      'is 2^256 or more: it does not fit the enforcer',
    );
  }
  return amount;
}

function readPeriod(data: RawPeriodicData): number {
  if (data.periodDuration <= 0) {
    throw new InvalidPermissionRequestError(
      'permission.data.periodDuration',
      'must be at least one second',
    );
  }
  if (data.periodDuration > MAX_GRANT_SECONDS) {
    throw new InvalidPermissionRequestError(
      'permission.data.periodDuration',
      'is more than ten years',
    );
  }
  return data.periodDuration;
}

function readStart(data: RawPeriodicData, expiry: number, now: number): number {
  const start = data.startTime ?? now;
  if (start <= 0) {
    throw new InvalidPermissionRequestError('permission.data.startTime', 'must be after 1970');
  }
  if (start >= expiry) {
    throw new InvalidPermissionRequestError(
      'permission.data.startTime',
      'is at or after the expiry: the grant could never be used',
    );
  }
  return start;
}

async function readToken(
  type: PeriodicPermissionType,
  data: RawPeriodicData,
  ctx: GrantContext,
): Promise<GrantToken> {
  if (type === 'native-token-periodic') {
    if (data.tokenAddress !== undefined) {
      throw new InvalidPermissionRequestError(
        'permission.data.tokenAddress',
        'has no place in a native-token-periodic permission',
      );
    }
    return { kind: 'native', ...ctx.nativeCurrency };
  }
  if (data.tokenAddress === undefined) {
    throw new InvalidPermissionRequestError('permission.data.tokenAddress', 'is missing');
  }
  const address = getAddress(data.tokenAddress);
  const info = await readTokenInfo(ctx.chain, address, ['erc20']);
  if (info.decimals === null) {
    throw new InvalidPermissionRequestError(
      'permission.data.tokenAddress',
      "is not a token whose decimals() this chain answers: Encore cannot show the amount in the token's units",
    );
  }
  return { kind: 'erc20', address, symbol: info.symbol, decimals: info.decimals };
}

/**
 * Reads one request of `wallet_requestExecutionPermissions` into the grant the window shows.
 * Throws InvalidPermissionRequestError (the field, and what is wrong with it) or
 * UnsupportedPermissionError (a type or rule Encore does not grant).
 */
export async function parsePermissionRequest(
  input: unknown,
  ctx: GrantContext,
): Promise<CanonicalGrant> {
  const request = parseWith(permissionRequestSchema(), input, '');
  const type = request.permission.type;
  if (!(SUPPORTED_PERMISSION_TYPES as readonly string[]).includes(type)) {
    throw new UnsupportedPermissionError(
      'permission.type',
      `"${type}" is not a permission Encore grants (it grants: ${SUPPORTED_PERMISSION_TYPES.join(', ')})`,
    );
  }
  const periodic = type as PeriodicPermissionType;
  checkChain(request, ctx);
  checkAccounts(request, ctx);
  const data = parseWith(periodicDataSchema(), request.permission.data, 'permission.data');
  const periodAmount = readAmount(data);
  const periodSeconds = readPeriod(data);
  const expiry = readExpiry(request, ctx.now);
  const start = readStart(data, expiry, ctx.now);
  const token = await readToken(periodic, data, ctx);
  const periods = redeemablePeriods(start, periodSeconds, expiry, ctx.now);
  return {
    type: periodic,
    chainId: ctx.chainId,
    origin: ctx.origin,
    from: getAddress(ctx.listener),
    redeemer: getAddress(request.to),
    token,
    periodAmount,
    periodSeconds,
    start,
    expiry,
    periods,
    maxTotal: periodAmount * BigInt(periods),
    justification: data.justification ?? null,
  };
}
