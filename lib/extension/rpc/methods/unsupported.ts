import { z } from 'zod';
import { UnsupportedMethodError } from '../errors.ts';
import type { RpcMethod } from '../types.ts';

// Any params: the method is refused whatever they are (one schema, made on first use).
const anyParams = z.lazy(() => z.unknown());

function refuse(name: string, why: string): RpcMethod<unknown> {
  return {
    name,
    params: anyParams,
    run: async () => {
      throw new UnsupportedMethodError(name, why);
    },
  };
}

/**
 * A signed transaction the site would broadcast itself: Encore could not follow it (activity,
 * nonces, the spending limit), and the site gains nothing over eth_sendTransaction.
 */
export const eth_signTransaction = refuse(
  'eth_signTransaction',
  'Encore does not hand out signed transactions; use eth_sendTransaction, and Encore sends it.',
);

/** Blind signing of a raw hash: a page could pass off a transaction hash as anything. */
export const eth_sign = refuse(
  'eth_sign',
  'Encore does not support eth_sign (blind signing of a hash). Use personal_sign or eth_signTypedData_v4.',
);
