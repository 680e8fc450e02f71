// ERC-7677's requests as the reference paymaster reads them: `pm_getPaymasterStubData` and
// `pm_getPaymasterData` take [userOperation, entryPoint, chainId, context?], the operation in
// ERC-7769's v0.8 JSON (unpacked fields). Every field is read with zod; a field the paymaster
// signs over is required in the final request, so the data it signs is the data the bundler packs.

import {
  type Address,
  addressSchema,
  bytesSchema,
  type Hex,
  quantitySchema,
} from '@encore-wallet/calls';
import { z } from 'zod';

const gas = quantitySchema(128);
const optionalGas = gas.optional().default(0n);

/** A signature's r or s: up to 32 bytes of hex (some clients drop leading zeros). */
const signatureWord = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, { error: 'must be 0x-prefixed hex of at most 32 bytes' })
  .transform((value) => `0x${value.slice(2).toLowerCase().padStart(64, '0')}` as Hex);

/**
 * The 7702 authorization an operation carries, signature included: the paymaster checks whose
 * it is before a simulation takes it as the account's code.
 */
const eip7702AuthSchema = z.object(
  {
    address: addressSchema.optional(),
    contractAddress: addressSchema.optional(),
    chainId: quantitySchema(256),
    nonce: quantitySchema(64),
    yParity: z
      .string()
      .regex(/^0x0?[01]$/, { error: 'must be "0x0" or "0x1"' })
      .transform((value) => (value.endsWith('1') ? '0x1' : '0x0') as Hex),
    r: signatureWord,
    s: signatureWord,
  },
  { error: 'must be an EIP-7702 authorization { address, chainId, nonce, r, s, yParity }' },
);

/** `factory`: an address, or EIP-7702's marker `0x7702` (the account delegates; no deployment). */
const factorySchema = z.union([z.literal('0x7702'), addressSchema], {
  error: 'must be an address or 0x7702',
});

export const paymasterUserOperationSchema = z.object(
  {
    sender: addressSchema,
    nonce: quantitySchema(256),
    factory: factorySchema.nullish(),
    factoryData: bytesSchema.nullish(),
    callData: bytesSchema,
    callGasLimit: optionalGas,
    verificationGasLimit: optionalGas,
    preVerificationGas: optionalGas,
    maxFeePerGas: optionalGas,
    maxPriorityFeePerGas: optionalGas,
    paymasterVerificationGasLimit: gas.nullish(),
    paymasterPostOpGasLimit: gas.nullish(),
    eip7702Auth: eip7702AuthSchema.nullish(),
  },
  { error: 'must be an ERC-4337 v0.8 user operation (ERC-7769 JSON)' },
);

export type PaymasterUserOperation = z.infer<typeof paymasterUserOperationSchema>;

/** `[userOperation, entryPoint, chainId, context?]`; `context` is the site's, any JSON object. */
export const paymasterParamsSchema = z.tuple(
  [
    paymasterUserOperationSchema,
    addressSchema,
    quantitySchema(64),
    z.record(z.string(), z.unknown()).nullish(),
  ],
  { error: 'params must be [userOperation, entryPoint, chainId, context?]' },
);

export interface PaymasterRequest {
  readonly op: PaymasterUserOperation;
  readonly entryPoint: Address;
  readonly chainId: bigint;
}

/** The paymaster's answer (`isFinal` only in the stub's, `sponsor` names who pays). */
export interface PaymasterResult {
  readonly paymaster: Address;
  readonly paymasterData: Hex;
  readonly paymasterVerificationGasLimit: Hex;
  readonly paymasterPostOpGasLimit: Hex;
  readonly sponsor?: { readonly name: string };
  readonly isFinal?: boolean;
}
