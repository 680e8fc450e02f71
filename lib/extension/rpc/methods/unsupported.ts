import { z } from 'zod';
import { UnsupportedMethodError } from '../errors.ts';
import type { RpcMethod } from '../types.ts';

function refuse(name: string, why: string): RpcMethod<unknown> {
  return {
    name,
    params: z.unknown(),
    run: async () => {
      throw new UnsupportedMethodError(name, why);
    },
  };
}

/** Fees are the integrator's: relayers submit EIP-712 signatures (eth_signTypedData_v4). */
export const eth_sendTransaction = refuse(
  'eth_sendTransaction',
  'Encore does not send transactions: fees are paid by the music service. Ask for an EIP-712 signature (eth_signTypedData_v4) and let a relayer submit it.',
);

/** Blind signing of a raw hash: a page could pass off a transaction hash as anything. */
export const eth_sign = refuse(
  'eth_sign',
  'Encore does not support eth_sign (blind signing of a hash). Use personal_sign or eth_signTypedData_v4.',
);
