// eth_sendTransaction's transaction object, as a site sends it: every field checked, nothing
// unknown accepted, and the fields that may be spelled two ways (data / input, gas / gasLimit)
// read as one. The schema is built on first use: the worker's start does not pay for it.

import { z } from 'zod';

export interface AccessListEntry {
  readonly address: string;
  readonly storageKeys: readonly string[];
}

/** A site's transaction request, parsed: quantities as bigints, data as lower-case hex. */
export interface TransactionRequest {
  readonly from: string;
  /** undefined or null: the transaction creates a contract. */
  readonly to: string | null;
  readonly value: bigint | undefined;
  readonly data: string;
  readonly gas: bigint | undefined;
  readonly gasPrice: bigint | undefined;
  readonly maxFeePerGas: bigint | undefined;
  readonly maxPriorityFeePerGas: bigint | undefined;
  readonly nonce: number | undefined;
  readonly chainId: number | undefined;
  /** 0 (legacy) or 2 (EIP-1559); undefined: Encore chooses from the chain. */
  readonly type: 0 | 2 | undefined;
  readonly accessList: readonly AccessListEntry[] | undefined;
}

/**
 * A transaction the wallet makes itself (a batch to its own address, a revoke): a call with no
 * value, every field the review fills from the chain (gas, fees, nonce) left unset.
 */
export function walletCall(fields: {
  from: string;
  to: string;
  data: string;
  chainId: number;
  /** 2 where the transaction must carry EIP-1559 fees; unset: chosen from the chain. */
  type?: 2;
}): TransactionRequest {
  return {
    from: fields.from,
    to: fields.to,
    value: undefined,
    data: fields.data,
    gas: undefined,
    gasPrice: undefined,
    maxFeePerGas: undefined,
    maxPriorityFeePerGas: undefined,
    nonce: undefined,
    chainId: fields.chainId,
    type: fields.type,
    accessList: undefined,
  };
}

/** What Encore forwards a node in one request: data beyond this cannot be sent anyway. */
export const MAX_DATA_BYTES = 120 * 1024;
const MAX_UINT256 = (1n << 256n) - 1n;
/** Gas above this is no real transaction's (blocks hold tens of millions). */
const MAX_GAS = 1n << 40n;

const ADDRESS = 'must be a 0x-prefixed 20-byte hex address';
const QUANTITY = 'must be a 0x-prefixed hex quantity';

let schema: z.ZodType<TransactionRequest, unknown> | undefined;

/** The schema of one transaction object (built once, on first use). */
export function transactionRequestSchema(): z.ZodType<TransactionRequest, unknown> {
  schema ??= buildSchema();
  return schema;
}

function buildSchema(): z.ZodType<TransactionRequest, unknown> {
  const address = z.string({ error: ADDRESS }).regex(/^0x[0-9a-fA-F]{40}$/, ADDRESS);
  const quantity = (max: bigint, tooBig: string) =>
    z
      .string({ error: QUANTITY })
      .regex(/^0x[0-9a-fA-F]{1,64}$/, QUANTITY)
      .transform((hex) => BigInt(hex))
      .refine((value) => value <= max, tooBig);
  const wei = quantity(MAX_UINT256, 'must fit in 256 bits');
  const hexData = z
    .string({ error: 'must be 0x-prefixed hex bytes' })
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes (an even number of digits)')
    .max(2 + 2 * MAX_DATA_BYTES, `must be at most ${MAX_DATA_BYTES} bytes`)
    .transform((hex) => hex.toLowerCase());
  const storageKey = z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex storage key');

  return z
    .object({
      from: address,
      to: address.nullable().optional(),
      value: wei.optional(),
      data: hexData.optional(),
      input: hexData.optional(),
      gas: quantity(MAX_GAS, 'is more gas than any block holds').optional(),
      gasLimit: quantity(MAX_GAS, 'is more gas than any block holds').optional(),
      gasPrice: wei.optional(),
      maxFeePerGas: wei.optional(),
      maxPriorityFeePerGas: wei.optional(),
      nonce: quantity(BigInt(Number.MAX_SAFE_INTEGER), 'is too large').optional(),
      chainId: quantity(BigInt(Number.MAX_SAFE_INTEGER), 'is too large').optional(),
      type: z
        .string({ error: QUANTITY })
        .regex(/^0x0*[02]$/, 'must be 0x0 (legacy) or 0x2 (EIP-1559): Encore sends no other type')
        .optional(),
      accessList: z
        .array(z.strictObject({ address, storageKeys: z.array(storageKey).max(256) }), {
          error: 'must be a list of { address, storageKeys }',
        })
        .max(256)
        .optional(),
    })
    .strict()
    .superRefine((tx, ctx) => {
      const clash = (path: string, message: string): void => {
        ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) {
        clash('input', 'differs from data: send the call data once');
      }
      if (tx.gas !== undefined && tx.gasLimit !== undefined && tx.gas !== tx.gasLimit) {
        clash('gasLimit', 'differs from gas');
      }
      const dynamic = tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined;
      const type = tx.type === undefined ? undefined : Number.parseInt(tx.type, 16);
      if (tx.gasPrice !== undefined && dynamic) {
        clash('gasPrice', 'cannot be sent with maxFeePerGas or maxPriorityFeePerGas');
      }
      if (type === 0 && dynamic) clash('type', 'is 0x0 (legacy), which has no maxFeePerGas');
      if (type === 2 && tx.gasPrice !== undefined) {
        clash('type', 'is 0x2 (EIP-1559), which has no gasPrice');
      }
      if (type === 0 && tx.accessList !== undefined) {
        clash('accessList', 'needs an EIP-1559 transaction (type 0x2)');
      }
      if (
        tx.maxFeePerGas !== undefined &&
        tx.maxPriorityFeePerGas !== undefined &&
        tx.maxPriorityFeePerGas > tx.maxFeePerGas
      ) {
        clash('maxPriorityFeePerGas', 'is more than maxFeePerGas');
      }
    })
    .transform(
      (tx): TransactionRequest => ({
        from: tx.from,
        to: tx.to ?? null,
        value: tx.value,
        data: tx.data ?? tx.input ?? '0x',
        gas: tx.gas ?? tx.gasLimit,
        gasPrice: tx.gasPrice,
        maxFeePerGas: tx.maxFeePerGas,
        maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
        nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
        chainId: tx.chainId === undefined ? undefined : Number(tx.chainId),
        type: tx.type === undefined ? undefined : (Number.parseInt(tx.type, 16) as 0 | 2),
        accessList: tx.accessList,
      }),
    );
}
