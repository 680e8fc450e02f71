// What a site's server runs on an ID token a page hands it: minted for this site and still fresh
// (checked locally, before any network), vouched for by the catalog (the signer is the user's
// wallet), and never seen before (its nonce). The order keeps replays and strays cheap.
import {
  type CatalogClient,
  CatalogError,
  IdTokenClaimError,
  InvalidIdTokenError,
  recoverIdTokenSigner,
  type VerifiedToken,
  verifyIdTokenClaims,
} from '@encore-wallet/catalog';
import type { SeenNonces } from './nonces.ts';

export interface IdTokenCheckDeps {
  catalog: CatalogClient;
  /** This server's own origin, as the request reached it. */
  audience: string;
  nowMs: number;
  seen: SeenNonces;
}

export type IdTokenCheck =
  | { ok: true; user: VerifiedToken }
  | { ok: false; status: 400 | 401; error: string; code?: string };

export async function checkIdToken(token: string, deps: IdTokenCheckDeps): Promise<IdTokenCheck> {
  let userId: string;
  let claims: ReturnType<typeof verifyIdTokenClaims>;
  try {
    const { payload } = recoverIdTokenSigner(token);
    userId = payload.userId;
    claims = verifyIdTokenClaims(payload, {
      audience: deps.audience,
      now: Math.floor(deps.nowMs / 1000),
    });
  } catch (error) {
    if (error instanceof InvalidIdTokenError) {
      return { ok: false, status: 400, error: `token: ${error.message}` };
    }
    if (error instanceof IdTokenClaimError) {
      return { ok: false, status: 401, error: `token: ${error.message}`, code: error.code };
    }
    throw error;
  }
  let user: VerifiedToken;
  try {
    user = await deps.catalog.verifyToken(token);
  } catch (error) {
    if (error instanceof CatalogError && error.status >= 400 && error.status < 500) {
      return { ok: false, status: 401, error: `the catalog refused the token (${error.status})` };
    }
    throw error;
  }
  if (user.userId !== userId) {
    return { ok: false, status: 401, error: 'the catalog vouched for someone else' };
  }
  // Last, once everything else holds, so a forged or stray token cannot use up a nonce.
  if (!deps.seen.firstUse(claims.nonce, claims.exp * 1000)) {
    return { ok: false, status: 401, error: 'token already used', code: 'ID_TOKEN_REPLAYED' };
  }
  return { ok: true, user };
}
