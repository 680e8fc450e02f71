// The wallet's side of ERC-7769 (an ERC-4337 bundler's JSON-RPC): the chain and EntryPoints it
// serves, its gas estimate, the hand-over of a signed operation and its receipt. The bundler is
// the one the settings name for the chain; its answers are still read as untrusted input (size
// cap, deadline, id, schema, gas limits within Encore's bounds), and its receipt is checked
// against the chain before anyone hears it (bundler-status.ts).

import type { FetchText } from '@encore-wallet/utils/http';
import { z } from 'zod';
import { MAX_GAS_LIMIT } from './call-batch.ts';
import { createRpcPost } from './json-rpc-post.ts';
import type { RpcPaidOperation } from './paid-operation.ts';
import {
  BundlerRefusedError,
  BundlerUnavailableError,
  BundlerUnsupportedError,
} from './paymaster-errors.ts';
import { type Address, addressSchema, bytes32Schema, type Hex, quantitySchema } from './schemas.ts';

export interface BundlerGas {
  readonly callGasLimit: bigint;
  readonly verificationGasLimit: bigint;
  readonly preVerificationGas: bigint;
  readonly paymasterVerificationGasLimit: bigint | undefined;
  readonly paymasterPostOpGasLimit: bigint | undefined;
}

/** ERC-7769's user operation receipt, as far as Encore reads it. */
export interface BundlerReceipt {
  readonly userOpHash: Hex;
  readonly entryPoint: Address;
  readonly sender: Address;
  readonly success: boolean;
  readonly transactionHash: Hex;
}

export interface BundlerClient {
  readonly url: string;
  /** Throws BundlerUnsupportedError unless it serves `chainId` and `entryPoint`. */
  checkServes(chainId: number, entryPoint: Address): Promise<void>;
  estimate(op: RpcPaidOperation, entryPoint: Address): Promise<BundlerGas>;
  /** Hands the signed operation over; resolves once the bundler accepted it. */
  send(op: RpcPaidOperation, entryPoint: Address): Promise<void>;
  /** The receipt, or null while the operation is not in a block (or unknown to the bundler). */
  receipt(userOpHash: Hex): Promise<BundlerReceipt | null>;
}

export interface BundlerClientOptions {
  readonly url: string;
  readonly fetch?: FetchText;
  /** Per request; default 20 s (a send waits for the bundler's own simulation). */
  readonly timeoutMs?: number;
}

/** A receipt carries the bundle's logs: room for a full block's worth, no more. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

const gasSchema = z.lazy(() =>
  quantitySchema(64).refine((value) => value <= MAX_GAS_LIMIT, {
    error: `must be at most ${MAX_GAS_LIMIT}`,
  }),
);

const estimateSchema = z.lazy(() =>
  z.object({
    callGasLimit: gasSchema,
    verificationGasLimit: gasSchema,
    preVerificationGas: gasSchema,
    paymasterVerificationGasLimit: gasSchema.nullish(),
    paymasterPostOpGasLimit: gasSchema.nullish(),
  }),
);

const receiptSchema = z.lazy(() =>
  z
    .object({
      userOpHash: bytes32Schema,
      entryPoint: addressSchema,
      sender: addressSchema,
      success: z.boolean(),
      receipt: z.object({ transactionHash: bytes32Schema }),
    })
    .nullable(),
);

export function createBundlerClient(options: BundlerClientOptions): BundlerClient {
  const post = createRpcPost({
    url: options.url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeoutMs: options.timeoutMs ?? 20_000,
    maxBytes: MAX_ANSWER_BYTES,
    errors: {
      unavailable: (problem, cause) =>
        new BundlerUnavailableError(problem, cause === undefined ? undefined : { cause }),
      refused: (method, words) => new BundlerRefusedError(method, words),
    },
  });

  async function result<T>(method: string, params: unknown[], schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await post(method, params));
    if (!parsed.success) {
      throw new BundlerUnavailableError(`answered ${method} with a malformed result`);
    }
    return parsed.data;
  }

  return {
    url: options.url,
    async checkServes(chainId, entryPoint) {
      const served = await result('eth_chainId', [], quantitySchema(64));
      if (served !== BigInt(chainId)) {
        throw new BundlerUnsupportedError(`serves chain ${served}, not chain ${chainId}`);
      }
      const entryPoints = await result(
        'eth_supportedEntryPoints',
        [],
        z.array(addressSchema).max(16),
      );
      if (!entryPoints.includes(entryPoint)) {
        throw new BundlerUnsupportedError(`does not serve Encore's EntryPoint ${entryPoint}`);
      }
    },
    async estimate(op, entryPoint) {
      const gas = await result('eth_estimateUserOperationGas', [op, entryPoint], estimateSchema);
      return {
        callGasLimit: gas.callGasLimit,
        verificationGasLimit: gas.verificationGasLimit,
        preVerificationGas: gas.preVerificationGas,
        paymasterVerificationGasLimit: gas.paymasterVerificationGasLimit ?? undefined,
        paymasterPostOpGasLimit: gas.paymasterPostOpGasLimit ?? undefined,
      };
    },
    async send(op, entryPoint) {
      await result('eth_sendUserOperation', [op, entryPoint], bytes32Schema);
    },
    async receipt(userOpHash) {
      const receipt = await result('eth_getUserOperationReceipt', [userOpHash], receiptSchema);
      return (
        receipt && {
          userOpHash: receipt.userOpHash,
          entryPoint: receipt.entryPoint,
          sender: receipt.sender,
          success: receipt.success,
          transactionHash: receipt.receipt.transactionHash,
        }
      );
    },
  };
}
