import { z } from 'zod';
import { decodeSignPayload } from '../../../eip/index.ts';
import { signerFor } from '../internal/accounts.ts';
import { isIdTokenSigningInput } from '../internal/id-token-input.ts';
import { MAX_PERSONAL_SIGN_BYTES } from '../limits.ts';
import { addressSchema } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = [message: string, address: string, ...unknown[]];

const TOO_LONG = `must be at most ${MAX_PERSONAL_SIGN_BYTES} bytes`;

const messageParam = z.lazy(() =>
  z
    .string({ error: 'must be a hex string or text' })
    // Cheap bound before decoding: hex takes two characters a byte, text at least one.
    .max(2 + 2 * MAX_PERSONAL_SIGN_BYTES, TOO_LONG)
    .superRefine((message, ctx) => {
      const { bytes } = decodeSignPayload(message);
      if (bytes.length > MAX_PERSONAL_SIGN_BYTES) {
        ctx.addIssue({ code: 'custom', message: TOO_LONG });
      } else if (isIdTokenSigningInput(new TextDecoder().decode(bytes))) {
        ctx.addIssue({
          code: 'custom',
          message:
            'is the signing input of a catalog ID token; Encore makes ID tokens only through encore_requestIdToken',
        });
      }
    }),
);

/** EIP-191 signature of the message bytes (hex-encoded, or a plain string taken as UTF-8). */
export const personal_sign: RpcMethod<Params> = {
  name: 'personal_sign',
  params: z.lazy(() => z.tuple([messageParam, addressSchema]).rest(z.unknown())),
  paramNames: ['message', 'address'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [message, address]) => {
    // The window shows the account checksummed, whatever case the site wrote it in.
    const account = signerFor(ctx, address).address;
    return { kind: 'personal_sign', message, address: account };
  },
  run: (ctx, [message, address]) =>
    signerFor(ctx, address).signMessage(decodeSignPayload(message).bytes),
};
