// The wallet's side of ERC-7677: asks the site's paymaster service for stub data (before gas
// estimation) and then final data (for the operation with its gas limits), passing the site's
// `context` through. Every answer is untrusted input: a size cap, a deadline, the JSON-RPC id,
// the schema, and what matters most: the final data must name a paymaster contract, the same
// one the stub data named, or the listener's own balance would pay the EntryPoint.

import type { FetchText } from '@encore-wallet/utils/http';
import { z } from 'zod';
import { createRpcPost } from './json-rpc-post.ts';
import type { PaymasterFields, RpcPaidOperation } from './paid-operation.ts';
import {
  PaymasterDoesNotPayError,
  PaymasterRefusedError,
  PaymasterUnavailableError,
} from './paymaster-errors.ts';
import { type Address, addressSchema, bytesSchema, quantitySchema, toQuantity } from './schemas.ts';

/** The stub data: the paymaster's fields for gas estimation, and who the service says pays. */
export interface PaymasterStub extends PaymasterFields {
  /** ERC-7677's `sponsor.name`, one short line, or null. */
  readonly sponsorName: string | null;
  /** The stub data is already final: no pm_getPaymasterData follows. */
  readonly isFinal: boolean;
}

export interface PaymasterRequest {
  readonly op: RpcPaidOperation;
  readonly entryPoint: Address;
  readonly chainId: number;
  readonly context: Readonly<Record<string, unknown>> | undefined;
}

export interface PaymasterClient {
  readonly url: string;
  stubData(request: PaymasterRequest): Promise<PaymasterStub>;
  /** The final data, which must name the stub's paymaster contract (PaymasterDoesNotPayError). */
  finalData(request: PaymasterRequest, stub: PaymasterStub): Promise<PaymasterFields>;
}

export interface PaymasterClientOptions {
  readonly url: string;
  readonly fetch?: FetchText;
  /** Per request; default 15 s. */
  readonly timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 32 * 1024;
/** paymasterData above this is no signature any paymaster needs. */
const MAX_PAYMASTER_DATA_BYTES = 4096;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

const answerSchema = z.lazy(() =>
  z.object({
    // Read on its own: an empty or missing paymaster is a paymaster that does not pay.
    paymaster: z.unknown(),
    paymasterData: bytesSchema.refine(
      (data) => data.length <= 2 + MAX_PAYMASTER_DATA_BYTES * 2,
      `must be at most ${MAX_PAYMASTER_DATA_BYTES} bytes`,
    ),
    paymasterVerificationGasLimit: quantitySchema(64).optional(),
    paymasterPostOpGasLimit: quantitySchema(64).optional(),
    sponsor: z.object({ name: z.string().max(200) }).optional(),
    isFinal: z.boolean().optional(),
  }),
);

function paymasterOf(value: unknown, method: string): Address {
  if (value === undefined || value === null || value === '' || value === '0x') {
    throw new PaymasterDoesNotPayError(`${method} names no paymaster contract`);
  }
  const parsed = addressSchema.safeParse(value);
  if (!parsed.success) {
    throw new PaymasterUnavailableError(`answered ${method} with a paymaster that is no address`);
  }
  if (parsed.data === ZERO_ADDRESS) {
    throw new PaymasterDoesNotPayError(`${method} names the zero address`);
  }
  return parsed.data;
}

export function createPaymasterClient(options: PaymasterClientOptions): PaymasterClient {
  const post = createRpcPost({
    url: options.url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: MAX_ANSWER_BYTES,
    errors: {
      unavailable: (problem, cause) =>
        new PaymasterUnavailableError(problem, cause === undefined ? undefined : { cause }),
      refused: (method, words) => new PaymasterRefusedError(method, words),
    },
  });

  async function ask(method: string, request: PaymasterRequest) {
    const params = [
      request.op,
      request.entryPoint,
      toQuantity(request.chainId),
      ...(request.context ? [request.context] : []),
    ];
    const parsed = answerSchema.safeParse(await post(method, params));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PaymasterUnavailableError(
        `answered ${method} with a malformed result (${issue ? issue.path.join('.') || 'result' : 'result'})`,
      );
    }
    return { ...parsed.data, paymaster: paymasterOf(parsed.data.paymaster, method) };
  }

  return {
    url: options.url,
    async stubData(request) {
      const answer = await ask('pm_getPaymasterStubData', request);
      if (
        answer.paymasterVerificationGasLimit === undefined ||
        answer.paymasterPostOpGasLimit === undefined
      ) {
        throw new PaymasterUnavailableError(
          'answered pm_getPaymasterStubData without its gas limits (EntryPoint v0.8 needs them)',
        );
      }
      return {
        paymaster: answer.paymaster,
        paymasterData: answer.paymasterData,
        paymasterVerificationGasLimit: answer.paymasterVerificationGasLimit,
        paymasterPostOpGasLimit: answer.paymasterPostOpGasLimit,
        sponsorName: answer.sponsor?.name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ') ?? null,
        isFinal: answer.isFinal === true,
      };
    },
    async finalData(request, stub) {
      const answer = await ask('pm_getPaymasterData', request);
      if (answer.paymaster !== stub.paymaster) {
        throw new PaymasterDoesNotPayError(
          `its final data names ${answer.paymaster}, not ${stub.paymaster} as its stub data did`,
        );
      }
      return {
        paymaster: answer.paymaster,
        paymasterData: answer.paymasterData,
        paymasterVerificationGasLimit:
          answer.paymasterVerificationGasLimit ?? stub.paymasterVerificationGasLimit,
        paymasterPostOpGasLimit: answer.paymasterPostOpGasLimit ?? stub.paymasterPostOpGasLimit,
      };
    },
  };
}
