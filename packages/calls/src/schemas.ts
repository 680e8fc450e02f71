// Addresses, hex data and objects as batches carry them, read from untrusted input (a page's
// params, a sponsor's request, a chain's answer) with zod.
import { getAddress } from 'ethers';
import { z } from 'zod';

export type Address = `0x${string}`;
export type Hex = `0x${string}`;

/** 20 bytes of hex; mixed case must be a valid EIP-55 checksum. Read as the checksummed form. */
export const addressSchema = z.lazy(() =>
  z
    .string({ error: 'must be a 0x-prefixed 20-byte hex address' })
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x-prefixed 20-byte hex address' })
    .transform((value, ctx) => {
      try {
        return getAddress(value) as Address;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'has a wrong EIP-55 checksum' });
        return z.NEVER;
      }
    }),
);

/** Bytes as 0x-prefixed hex of even length; read in lower case. */
export const bytesSchema = z.lazy(() =>
  z
    .string({ error: 'must be 0x-prefixed hex bytes' })
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, { error: 'must be 0x-prefixed hex bytes (even length)' })
    .transform((value) => value.toLowerCase() as Hex),
);

/** 32 bytes of hex, lower case (hashes). */
export const bytes32Schema = z.lazy(() =>
  z
    .string({ error: 'must be 0x-prefixed 32-byte hex' })
    .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x-prefixed 32-byte hex' })
    .transform((value) => value.toLowerCase() as Hex),
);

/** A JSON-RPC quantity: 0x hex without leading zeros ("0x0" for zero), at most `bits` bits. */
export function quantitySchema(bits: number) {
  return z
    .string({ error: 'must be a 0x-prefixed hex quantity' })
    .regex(/^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/, {
      error: 'must be a 0x-prefixed hex quantity without leading zeros',
    })
    .transform((value) => BigInt(value))
    .refine((value) => value < 1n << BigInt(bits), { error: `must fit in ${bits} bits` });
}

/** A JSON-RPC quantity as the wire wants it. */
export function toQuantity(value: bigint | number): Hex {
  return `0x${value.toString(16)}`;
}

/**
 * The error of a strict object: `what` for a value that is not such an object, and the keys it
 * does not take otherwise (`does not take "paymaster"`).
 */
export function objectError(what: string) {
  return (issue: z.core.$ZodRawIssue): string =>
    issue.code === 'unrecognized_keys'
      ? `does not take ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
      : what;
}
