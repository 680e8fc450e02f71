// wallet_requestExecutionPermissions' one request, as MetaMask's Smart Accounts Kit sends it
// (`erc7715ProviderActions().requestExecutionPermissions`, @metamask/7715-permission-types'
// `PermissionRequest`): `chainId` hex, optional `from`, `to` the site's session account,
// `permission: { type, isAdjustmentAllowed, data }`, `rules: [{ type, data }]`. Only the shape
// is checked here; the type's own data and every rule are read by parse-request.ts, which names
// the field. Built on first use: the worker's start does not pay for it.

import { z } from 'zod';

/** The request before its permission's data is read (addresses and amounts still text). */
export interface RawPermissionRequest {
  readonly chainId: string;
  readonly from?: string | undefined;
  readonly to: string;
  readonly permission: {
    readonly type: string;
    readonly isAdjustmentAllowed: boolean;
    readonly data: Readonly<Record<string, unknown>>;
  };
  readonly rules: readonly { readonly type: string; readonly data: unknown }[];
}

/** The periodic permissions' data, as the kit writes it (amounts hex, times in seconds). */
export interface RawPeriodicData {
  readonly periodAmount: string;
  readonly periodDuration: number;
  readonly startTime: number | undefined;
  readonly tokenAddress?: string | undefined;
  readonly justification: string | undefined;
}

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const ADDRESS = 'must be a 0x-prefixed 20-byte hex address';
/** A site's justification is its own words: short, and shown as such. */
export const MAX_JUSTIFICATION = 500;
/** More rules than a request can mean is a request built to be slow. */
const MAX_RULES = 8;

let request: z.ZodType<RawPermissionRequest, unknown> | undefined;
let periodic: z.ZodType<RawPeriodicData, unknown> | undefined;

export function permissionRequestSchema(): z.ZodType<RawPermissionRequest, unknown> {
  request ??= buildRequest();
  return request;
}

export function periodicDataSchema(): z.ZodType<RawPeriodicData, unknown> {
  periodic ??= buildPeriodic();
  return periodic;
}

const address = () => z.string({ error: ADDRESS }).regex(ADDRESS_PATTERN, ADDRESS);

function buildRequest(): z.ZodType<RawPermissionRequest, unknown> {
  return z
    .object({
      chainId: z
        .string({ error: 'must be a 0x-prefixed hex chain id' })
        .regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be a 0x-prefixed hex chain id'),
      from: address().optional(),
      to: address(),
      permission: z
        .object({
          type: z.string({ error: 'must be a string' }).min(1).max(64),
          isAdjustmentAllowed: z.boolean({ error: 'must be true or false' }),
          data: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
        })
        .strict(),
      rules: z
        .array(z.object({ type: z.string().min(1).max(64), data: z.unknown() }).strict())
        .max(MAX_RULES)
        .nullish()
        .transform((rules) => rules ?? []),
    })
    .strict();
}

function buildPeriodic(): z.ZodType<RawPeriodicData, unknown> {
  return z
    .object({
      // Any length: an amount of 2^256 or more is refused by parse-request.ts with its own words.
      periodAmount: z
        .string({ error: 'must be a 0x-prefixed hex amount' })
        .regex(/^0x[0-9a-fA-F]{1,80}$/, 'must be a 0x-prefixed hex amount'),
      periodDuration: z
        .number({ error: 'must be a number of seconds' })
        .int('must be whole seconds'),
      startTime: z
        .number({ error: 'must be a unix time in seconds' })
        .int()
        .nullish()
        .transform((v) => v ?? undefined),
      tokenAddress: address().optional(),
      justification: z
        .string()
        .max(MAX_JUSTIFICATION)
        .nullish()
        .transform((v) => v ?? undefined),
    })
    .strict();
}
