import { expect } from 'vitest';
import type { ProviderRpcError } from '../../lib/extension/protocol/index.ts';

/** The error a provider request was refused with (numeric EIP-1193 code); fails if it succeeded. */
export async function rpcFailure(promise: Promise<unknown>): Promise<ProviderRpcError> {
  const error = await promise.then(
    (result) => {
      throw new Error(`expected the request to fail, got ${JSON.stringify(result)}`);
    },
    (e: ProviderRpcError) => e,
  );
  expect(typeof error.code).toBe('number');
  return error;
}
