// What the wallet and a sponsor service say to each other: JSON-RPC 2.0 over HTTP POST to the
// URL a site names in its `sponsorService` capability, with ERC-7769's bundler methods
// (eth_chainId, eth_estimateUserOperationGas, eth_sendUserOperation,
// eth_getUserOperationReceipt) and ERC-7769's v0.8 user operation JSON. Both sides import these
// schemas. A sponsor accepts only the operations Encore builds: the EIP-7702 marker as factory,
// zero fees, no paymaster, the canonical batch encoding; anything else is refused by the reader.
import { z } from 'zod';
import { type BatchGas, type CallBatch, MAX_GAS_LIMIT } from './call-batch.ts';
import { deadlineOf, sequenceOf } from './deadline-nonce.ts';
import { InvalidUserOperationError } from './errors.ts';
import { decodeExecute } from './execute-batch.ts';
import {
  type Address,
  addressSchema,
  bytes32Schema,
  bytesSchema,
  type Hex,
  objectError,
  quantitySchema,
} from './schemas.ts';
import type { SignedAuthorization } from './upgrade.ts';

const gasSchema = z.lazy(() =>
  quantitySchema(64).refine((value) => value <= MAX_GAS_LIMIT, {
    error: `must be at most ${MAX_GAS_LIMIT}`,
  }),
);

export const signedAuthorizationSchema = z.lazy(() =>
  z.strictObject({
    chainId: quantitySchema(64).transform((value) => `0x${value.toString(16)}` as Hex),
    address: addressSchema,
    nonce: quantitySchema(64).transform((value) => `0x${value.toString(16)}` as Hex),
    yParity: z.enum(['0x0', '0x1'], { error: 'must be "0x0" or "0x1"' }),
    r: bytes32Schema,
    s: bytes32Schema,
  }),
);

/** ERC-7769 v0.8 user operation JSON, restricted to what Encore signs. */
export const rpcUserOperationSchema = z.lazy(() =>
  z.strictObject(
    {
      sender: addressSchema,
      // Key (the deadline, 48 bits) and sequence (64 bits): nothing above them.
      nonce: quantitySchema(112),
      factory: z.literal('0x7702', { error: 'must be "0x7702": an EIP-7702 account' }),
      factoryData: z.literal('0x', { error: 'must be "0x"' }),
      callData: bytesSchema,
      callGasLimit: gasSchema,
      verificationGasLimit: gasSchema,
      preVerificationGas: gasSchema,
      maxFeePerGas: z.literal('0x0', { error: 'must be "0x0": the sponsor pays the transaction' }),
      maxPriorityFeePerGas: z.literal('0x0', {
        error: 'must be "0x0": the sponsor pays the transaction',
      }),
      signature: bytesSchema,
      eip7702Auth: signedAuthorizationSchema.optional(),
    },
    { error: objectError('must be a user operation object') },
  ),
);

export interface ReadUserOperation {
  readonly batch: CallBatch;
  readonly signature: Hex;
  readonly authorization: SignedAuthorization | null;
}

function pathOf(issue: z.core.$ZodIssue): string {
  return ['userOp', ...issue.path.map(String)].join('.');
}

/**
 * The batch a wire user operation stands for on `chainId` through `entryPoint`, for accounts
 * running (or upgrading to) `delegate`. Throws InvalidUserOperationError naming the field.
 */
export function readRpcUserOperation(
  input: unknown,
  context: { chainId: number; entryPoint: Address; delegate: Address },
): ReadUserOperation {
  const parsed = rpcUserOperationSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidUserOperationError(
      issue ? pathOf(issue) : 'userOp',
      issue?.message ?? 'is invalid',
    );
  }
  const op = parsed.data;
  const calls = decodeExecute(op.callData);
  if (!calls || calls.length === 0) {
    throw new InvalidUserOperationError(
      'userOp.callData',
      'must be execute(batch mode, calls) on the delegate, canonically encoded',
    );
  }
  const deadline = deadlineOf(op.nonce);
  if (deadline === 0) throw new InvalidUserOperationError('userOp.nonce', 'must carry a deadline');
  const gas: BatchGas = {
    callGasLimit: op.callGasLimit,
    verificationGasLimit: op.verificationGasLimit,
    preVerificationGas: op.preVerificationGas,
  };
  const batch: CallBatch = {
    chainId: context.chainId,
    account: op.sender,
    entryPoint: context.entryPoint,
    delegate: context.delegate,
    calls,
    deadline,
    sequence: sequenceOf(op.nonce),
    gas,
  };
  const authorization = op.eip7702Auth
    ? { ...op.eip7702Auth, yParity: op.eip7702Auth.yParity as Hex }
    : null;
  return { batch, signature: op.signature, authorization };
}

/** eth_estimateUserOperationGas's answer. */
export const gasEstimateSchema = z.lazy(() =>
  z.object({
    callGasLimit: gasSchema,
    verificationGasLimit: gasSchema,
    preVerificationGas: gasSchema,
  }),
);

/**
 * A sponsor's refusal in the JSON-RPC error's `data`: its stable reason code and, for a budget,
 * when to come back.
 */
export const sponsorRefusalDataSchema = z.lazy(() =>
  z.object({
    reason: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/),
    retryAfterSeconds: z
      .number()
      .int()
      .min(0)
      .max(86_400 * 7)
      .optional(),
  }),
);
export type SponsorRefusalData = z.infer<typeof sponsorRefusalDataSchema>;
