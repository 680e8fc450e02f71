import { z } from 'zod';
import { decodeSignPayload } from '../../approvals/decode-message.ts';
import { signerFor } from '../internal/accounts.ts';
import { addressSchema } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = [message: string, address: string, ...unknown[]];

/** EIP-191 signature of the message bytes (hex-encoded, or a plain string taken as UTF-8). */
export const personal_sign: RpcMethod<Params> = {
  name: 'personal_sign',
  params: z
    .tuple([z.string({ error: 'must be a hex string or text' }).max(1_000_000), addressSchema])
    .rest(z.unknown()),
  paramNames: ['message', 'address'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [message, address]) => {
    signerFor(ctx, address);
    return { kind: 'personal_sign', message, address };
  },
  run: (ctx, [message, address]) =>
    signerFor(ctx, address).signMessage(decodeSignPayload(message).bytes),
};
