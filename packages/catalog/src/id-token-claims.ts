// What a site checks beyond the catalog's verify_token: that a token was minted for it (`aud`),
// is still fresh (`exp`, `iat`) and carries a `nonce` it can refuse to see twice. verify_token
// only answers "this user's wallet signed it"; without these checks a token works anywhere, forever.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';
import { z } from 'zod';

export type IdTokenClaimErrorCode =
  /** `aud`, `exp`, `iat` or `nonce` is missing or not of the expected type. */
  | 'ID_TOKEN_CLAIMS_MISSING'
  /** The token was minted for another site. */
  | 'ID_TOKEN_WRONG_AUDIENCE'
  /** `exp` has passed (beyond the allowed clock skew). */
  | 'ID_TOKEN_EXPIRED'
  /** `iat` lies in the future (beyond the allowed clock skew). */
  | 'ID_TOKEN_NOT_YET_VALID';

export interface IdTokenClaimErrorJSON extends EncoreErrorJSON {
  name: 'IdTokenClaimError';
  code: IdTokenClaimErrorCode;
}

export class IdTokenClaimError extends EncoreError<IdTokenClaimErrorCode> {
  override readonly name = 'IdTokenClaimError' as const;
  readonly #code: IdTokenClaimErrorCode;

  constructor(code: IdTokenClaimErrorCode, message: string) {
    super(message);
    this.#code = code;
  }

  override get code(): IdTokenClaimErrorCode {
    return this.#code;
  }

  override toJSON(): IdTokenClaimErrorJSON {
    return { ...super.toJSON(), name: this.name, code: this.code };
  }
}

export interface IdTokenClaims {
  aud: string;
  /** Seconds since the epoch. */
  exp: number;
  /** Seconds since the epoch. */
  iat: number;
  /** Remember it until `exp` and refuse a second token that carries it. */
  nonce: string;
}

export interface VerifyIdTokenClaimsOptions {
  /** This site's origin, e.g. `https://music.example`: configured, never read from the request. */
  audience: string;
  /** Seconds since the epoch (default: now). */
  now?: number;
  /** Seconds of clock difference tolerated on `exp` and `iat` (default 60). */
  maxClockSkewSeconds?: number;
}

const seconds = z.lazy(() => z.number().int().nonnegative());
const claimsSchema = z.lazy(() =>
  z.looseObject({
    aud: z.string().min(1),
    exp: seconds,
    // Encore writes numbers; accept the numeric strings some catalog hosts echo back.
    iat: z.union([
      seconds,
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ]),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  }),
);

/**
 * Checks the binding claims of a decoded ID token payload (from `recoverIdTokenSigner` or the
 * catalog's verify_token) and returns them. Throws IdTokenClaimError with a stable code.
 */
export function verifyIdTokenClaims(
  payload: unknown,
  options: VerifyIdTokenClaimsOptions,
): IdTokenClaims {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'payload';
    throw new IdTokenClaimError(
      'ID_TOKEN_CLAIMS_MISSING',
      `ID token claim ${field} is missing or malformed`,
    );
  }
  const { aud, exp, iat, nonce } = parsed.data;
  const audience = new URL(options.audience).origin;
  if (aud !== audience) {
    throw new IdTokenClaimError(
      'ID_TOKEN_WRONG_AUDIENCE',
      `ID token is for ${aud}, not ${audience}`,
    );
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const skew = options.maxClockSkewSeconds ?? 60;
  if (exp <= iat) {
    throw new IdTokenClaimError('ID_TOKEN_CLAIMS_MISSING', 'ID token expires before it was issued');
  }
  if (now - skew >= exp) throw new IdTokenClaimError('ID_TOKEN_EXPIRED', 'ID token has expired');
  if (iat > now + skew) {
    throw new IdTokenClaimError('ID_TOKEN_NOT_YET_VALID', 'ID token was issued in the future');
  }
  return { aud, exp, iat, nonce };
}
