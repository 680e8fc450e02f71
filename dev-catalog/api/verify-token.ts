import {
  InvalidIdTokenError,
  recoverIdTokenSigner,
  type VerifiedToken,
} from '@encore-wallet/catalog';
import type { HostContext } from './context.ts';
import { ApiError } from './http-error.ts';

/**
 * The real check: recover who signed `header.payload` and accept only when that address is one
 * of the wallets of `userId` (primary or connected, dev-attached included). Malformed → 400,
 * well-formed but not signed by the user → 404 ("ID token not valid"), as the API documents.
 */
export function verifyToken(ctx: HostContext, token: string): VerifiedToken {
  let decoded: ReturnType<typeof recoverIdTokenSigner>;
  try {
    decoded = recoverIdTokenSigner(token);
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw new ApiError(400, error.message);
    throw error;
  }
  const { payload, signer } = decoded;
  const owner = ctx.data.walletOwners.get(signer.toLowerCase());
  if (owner === undefined || owner !== payload.userId || payload.sub !== payload.userId) {
    throw new ApiError(404, 'ID token not valid');
  }
  return payload;
}
