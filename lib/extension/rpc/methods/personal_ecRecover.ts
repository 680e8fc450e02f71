import { verifyMessage } from 'ethers';
import { z } from 'zod';
import { decodeSignPayload } from '../../../eip/index.ts';
import { InvalidParamsError } from '../errors.ts';
import { forSite } from '../internal/accounts.ts';
import { MAX_PERSONAL_SIGN_BYTES } from '../limits.ts';
import type { RpcMethod } from '../types.ts';

type Params = [message: string, signature: string, ...unknown[]];

const messageParam = z.lazy(() =>
  z
    .string({ error: 'must be a hex string or text' })
    .max(2 + 2 * MAX_PERSONAL_SIGN_BYTES, `must be at most ${MAX_PERSONAL_SIGN_BYTES} bytes`),
);

const signatureParam = z.lazy(() =>
  z
    .string({ error: 'must be a 65-byte hex signature' })
    .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature'),
);

/**
 * The address that made a personal_sign signature over the message, lower case like the accounts
 * sites get. Pure arithmetic on what the page sent: no key, no connection, no prompt.
 */
export const personal_ecRecover: RpcMethod<Params> = {
  name: 'personal_ecRecover',
  params: z.lazy(() => z.tuple([messageParam, signatureParam]).rest(z.unknown())),
  paramNames: ['message', 'signature'],
  run: async (_ctx, [message, signature]) => {
    try {
      return forSite(verifyMessage(decodeSignPayload(message).bytes, signature));
    } catch {
      throw new InvalidParamsError(
        'personal_ecRecover',
        'signature (params[1])',
        'does not recover to any address',
      );
    }
  },
};
