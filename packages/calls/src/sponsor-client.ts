// The wallet's side of the sponsor protocol (sponsor-protocol.ts): ask whether the sponsor pays
// for a batch and for its gas limits before the person is asked, then hand it the signed batch.
// Every answer is read as untrusted input: a size cap, a deadline, the JSON-RPC id, the schema,
// and a hash that must be the one the wallet computed itself.

import type { FetchText } from '@encore-wallet/utils/http';
import type { z } from 'zod';
import type { BatchGas, CallBatch } from './call-batch.ts';
import { SponsorRefusedError, SponsorUnavailableError } from './errors.ts';
import { createRpcPost } from './json-rpc-post.ts';
import { bytes32Schema, type Hex, quantitySchema, toQuantity } from './schemas.ts';
import { gasEstimateSchema, sponsorRefusalDataSchema } from './sponsor-protocol.ts';
import type { SignedAuthorization, Upgrade } from './upgrade.ts';
import { toRpcUserOperation, userOperationHash } from './user-operation.ts';

export interface SponsorClient {
  readonly url: string;
  /** The gas limits the sponsor will pay for, or SponsorRefusedError saying why it will not. */
  estimate(draft: CallBatch, upgrade: Upgrade | null): Promise<BatchGas>;
  /**
   * Hands over the signed batch; once the sponsor accepts it, resolves to the batch's userOpHash
   * as the wallet computes it (the sponsor's own answer is checked for shape only: the chain,
   * not the sponsor, says later whether that operation ran).
   */
  send(batch: CallBatch, signature: Hex, authorization: SignedAuthorization | null): Promise<Hex>;
}

export interface SponsorClientOptions {
  readonly url: string;
  readonly fetch?: FetchText;
  /** Per request; default 20 s (a send waits for the sponsor's simulation and broadcast). */
  readonly timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 64 * 1024;
/** ERC-4337's customary placeholder: a 65-byte signature of the right shape for estimates. */
const PLACEHOLDER_SIGNATURE: Hex = `0x${'ff'.repeat(15)}${'00'.repeat(17)}7a${'aa'.repeat(31)}1c`;

export function createSponsorClient(options: SponsorClientOptions): SponsorClient {
  const request = createRpcPost({
    url: options.url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeoutMs: options.timeoutMs ?? 20_000,
    maxBytes: MAX_ANSWER_BYTES,
    errors: {
      unavailable: (problem, cause) =>
        new SponsorUnavailableError(problem, cause === undefined ? undefined : { cause }),
      refused: (_method, words, _code, data) => {
        const refusal = sponsorRefusalDataSchema.safeParse(data);
        return new SponsorRefusedError(
          refusal.success ? refusal.data.reason : 'SPONSOR_ERROR',
          words,
          refusal.success ? (refusal.data.retryAfterSeconds ?? null) : null,
        );
      },
    },
  });

  async function result<T>(method: string, params: unknown[], schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await request(method, params));
    if (!parsed.success)
      throw new SponsorUnavailableError(`answered ${method} with a malformed result`);
    return parsed.data;
  }

  return {
    url: options.url,
    async estimate(draft, upgrade) {
      const chainId = await result('eth_chainId', [], quantitySchema(64));
      if (chainId !== BigInt(draft.chainId)) {
        throw new SponsorUnavailableError(`serves chain ${chainId}, not chain ${draft.chainId}`);
      }
      // The upgrade's fields with a placeholder signature: the sponsor simulates with the
      // delegation in place; the real authorization is signed only after the approval.
      const authorization: SignedAuthorization | null = upgrade && {
        chainId: toQuantity(upgrade.chainId),
        address: upgrade.delegate,
        nonce: toQuantity(upgrade.nonce),
        yParity: '0x0',
        r: `0x${'00'.repeat(31)}01`,
        s: `0x${'00'.repeat(31)}01`,
      };
      const op = toRpcUserOperation(draft, PLACEHOLDER_SIGNATURE, authorization);
      return result('eth_estimateUserOperationGas', [op, draft.entryPoint], gasEstimateSchema);
    },
    async send(batch, signature, authorization) {
      const op = toRpcUserOperation(batch, signature, authorization);
      await result('eth_sendUserOperation', [op, batch.entryPoint], bytes32Schema);
      return userOperationHash(batch);
    },
  };
}
