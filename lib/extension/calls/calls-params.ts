// wallet_sendCalls' one parameter, as EIP-5792 (2.0.0) and viem send it. The calls themselves and
// the sponsor capability are read by @encore-wallet/calls; capabilities are checked here: one Encore does
// not know is refused (5700) unless marked optional, and then ignored.

import {
  type Call,
  PAYMASTER_CAPABILITY,
  type PaymasterService,
  parseCalls,
  paymasterServiceSchema,
  SPONSOR_CAPABILITY,
  type SponsorService,
  sponsorServiceSchema,
} from '@encore-wallet/calls';
import { z } from 'zod';
import { InvalidCallsParamsError, UnsupportedCapabilityError } from './errors.ts';

export interface SendCallsParams {
  /** The app's own id for the batch, if it gave one. */
  readonly id: string | undefined;
  readonly from: string;
  readonly chainId: number;
  readonly atomicRequired: boolean;
  /** Each call's own capabilities, unchecked (see readSendCalls). */
  readonly rawCalls: readonly unknown[];
  readonly capabilities: Readonly<Record<string, unknown>>;
}

let schema: z.ZodType<SendCallsParams, unknown> | undefined;

/** The params schema (built on first use). */
export function sendCallsSchema(): z.ZodType<SendCallsParams, unknown> {
  schema ??= z
    .strictObject({
      version: z.enum(['2.0.0', '1.0'], { error: 'must be "2.0.0"' }),
      id: z.string().min(1).max(4096).optional(),
      from: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
      chainId: z
        .string()
        .regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be a 0x-prefixed hex chain id')
        .transform((hex) => Number.parseInt(hex, 16)),
      atomicRequired: z.boolean({ error: 'must be true or false' }),
      calls: z.array(z.unknown(), { error: 'must be an array of calls' }).max(64),
      capabilities: z.record(z.string(), z.unknown()).optional(),
    })
    .transform(
      (p): SendCallsParams => ({
        id: p.id,
        from: p.from,
        chainId: p.chainId,
        atomicRequired: p.atomicRequired,
        rawCalls: p.calls,
        capabilities: p.capabilities ?? {},
      }),
    );
  return schema;
}

const isOptional = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as { optional?: unknown }).optional === true;

/** The canonical calls and who pays, once every capability is accounted for. */
export function readSendCalls(params: SendCallsParams): {
  calls: Call[];
  sponsor: SponsorService | null;
  /** ERC-7677: the site's paymaster service and its context. */
  paymaster: PaymasterService | null;
} {
  const plain = params.rawCalls.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const { capabilities, ...call } = raw as Record<string, unknown>;
    if (capabilities !== undefined) {
      if (typeof capabilities !== 'object' || capabilities === null) {
        throw new InvalidCallsParamsError(
          'wallet_sendCalls',
          `calls[${index}].capabilities`,
          'must be an object',
        );
      }
      for (const [name, value] of Object.entries(capabilities)) {
        if (!isOptional(value)) throw new UnsupportedCapabilityError(name);
      }
    }
    return call;
  });
  let sponsor: SponsorService | null = null;
  let paymaster: PaymasterService | null = null;
  for (const [name, value] of Object.entries(params.capabilities)) {
    if (name === PAYMASTER_CAPABILITY) {
      // Strict: a site names the paymaster's URL and its own context, never an EntryPoint, a
      // delegate or a bundler (those come from Encore's table and settings).
      const parsed = paymasterServiceSchema.safeParse(value);
      if (!parsed.success) {
        throw new InvalidCallsParamsError(
          'wallet_sendCalls',
          `capabilities.${PAYMASTER_CAPABILITY}`,
          parsed.error.issues[0]?.message ?? 'is invalid',
        );
      }
      paymaster = parsed.data;
    } else if (name === SPONSOR_CAPABILITY) {
      const parsed = sponsorServiceSchema.safeParse(value);
      if (!parsed.success) {
        throw new InvalidCallsParamsError(
          'wallet_sendCalls',
          `capabilities.${SPONSOR_CAPABILITY}`,
          parsed.error.issues[0]?.message ?? 'is invalid',
        );
      }
      sponsor = parsed.data;
    } else if (!isOptional(value)) {
      throw new UnsupportedCapabilityError(name);
    }
  }
  if (sponsor && paymaster) {
    throw new InvalidCallsParamsError(
      'wallet_sendCalls',
      'capabilities',
      `must name one payer: ${SPONSOR_CAPABILITY} or ${PAYMASTER_CAPABILITY}, not both`,
    );
  }
  return { calls: parseCalls(plain), sponsor, paymaster };
}
