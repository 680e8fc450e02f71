// The shapes of the read-only methods' params (Ethereum's execution API), checked before
// anything is forwarded: a page can send the node only well-formed reads, never free-form JSON.

import { z } from 'zod';
import { addressSchema } from '../params.ts';

const HEX_HINT = 'must be 0x-prefixed hex';
export const quantity = z.lazy(() =>
  z
    .string({ error: 'must be a 0x-prefixed hex quantity' })
    .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x-prefixed hex quantity'),
);
export const hash32 = z.lazy(() =>
  z
    .string({ error: 'must be a 0x-prefixed 32-byte hex hash' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex hash'),
);
const data = z.lazy(() => z.string({ error: HEX_HINT }).regex(/^0x[0-9a-fA-F]*$/, HEX_HINT));

export const blockTag = z.lazy(() =>
  z.enum(['latest', 'earliest', 'pending', 'safe', 'finalized']),
);

/** A block number or tag. */
export const blockNumberOrTag = z.lazy(() => z.union([blockTag, quantity]));

/** A block number or tag, or an EIP-1898 block reference. */
export const blockRef = z.lazy(() =>
  z.union([
    blockTag,
    quantity,
    z.object({ blockNumber: quantity }).strict(),
    z.object({ blockHash: hash32, requireCanonical: z.boolean().optional() }).strict(),
  ]),
);

const accessList = z.lazy(() =>
  z
    .array(z.object({ address: addressSchema, storageKeys: z.array(hash32).max(1024) }).strict())
    .max(1024),
);

/** A transaction to simulate (eth_call, eth_estimateGas): only the fields nodes know. */
export const callObject = z.lazy(() =>
  z
    .object({
      from: addressSchema.optional(),
      to: addressSchema.nullable().optional(),
      gas: quantity.optional(),
      gasPrice: quantity.optional(),
      maxFeePerGas: quantity.optional(),
      maxPriorityFeePerGas: quantity.optional(),
      maxFeePerBlobGas: quantity.optional(),
      value: quantity.optional(),
      data: data.optional(),
      input: data.optional(),
      nonce: quantity.optional(),
      type: quantity.optional(),
      chainId: quantity.optional(),
      accessList: accessList.optional(),
      blobVersionedHashes: z.array(hash32).max(16).optional(),
    })
    .strict(),
);

/** eth_call's third parameter: state to pretend for the simulation (address → overrides). */
export const stateOverride = z.lazy(() =>
  z.record(
    addressSchema,
    z
      .object({
        balance: quantity.optional(),
        nonce: quantity.optional(),
        code: data.optional(),
        state: z.record(hash32, hash32).optional(),
        stateDiff: z.record(hash32, hash32).optional(),
      })
      .strict(),
  ),
);

const topic = z.lazy(() => z.union([hash32, z.null(), z.array(hash32.nullable()).max(64)]));
export const logFilter = z.lazy(() =>
  z
    .object({
      address: z.union([addressSchema, z.array(addressSchema).max(1024)]).optional(),
      fromBlock: blockNumberOrTag.optional(),
      toBlock: blockNumberOrTag.optional(),
      blockHash: hash32.optional(),
      topics: z.array(topic).max(4).optional(),
    })
    .strict(),
);

export const blockCount = z.lazy(() =>
  z.union([quantity, z.number().int().min(1).max(1024, 'must be at most 1024 blocks')]),
);
export const percentiles = z.lazy(() => z.array(z.number().min(0).max(100)).max(100));
