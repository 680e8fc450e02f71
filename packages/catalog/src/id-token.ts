import { bytesToHex } from '@encore-wallet/utils/encoding';
import { EncoreError } from '@encore-wallet/utils/errors';
import { verifyMessage } from 'ethers';
import { z } from 'zod';
import { decodeBase64Url, encodeBase64Url } from './internal/base64url.ts';
import type { ImageSet } from './schemas/common.ts';
import { type VerifiedToken, verifiedTokenSchema } from './schemas/token.ts';
import type { User } from './schemas/user.ts';

/** Anything that can personal_sign (EIP-191): an ethers Wallet fits. */
export interface MessageSigner {
  address: string;
  signMessage(message: string): Promise<string>;
}

/** What a token says about its user: the fields the catalog's own tokens carry. */
export interface IdTokenSubject {
  id: string;
  handle: string;
  name: string;
  verified: boolean;
  profilePicture: ImageSet;
}

export function idTokenSubjectOf(user: User): IdTokenSubject {
  return {
    id: user.id,
    handle: user.handle,
    name: user.name,
    verified: user.is_verified,
    profilePicture: user.profile_picture ?? null,
  };
}

export interface IdTokenOptions {
  /** The origin of the site the token is for (`aud`), e.g. `https://music.example`. */
  audience: string;
  /** Seconds from `iat` to `exp` (default 300). */
  lifetimeSeconds?: number;
  /** The catalog's tokens carry the account email; Encore does not know it, so null by default. */
  email?: string | null;
  /** Seconds since the epoch for `iat` (default: now). */
  issuedAt?: number;
}

export const DEFAULT_ID_TOKEN_LIFETIME_SECONDS = 300;

const HEADER = { typ: 'JWT', alg: 'keccak256' } as const;
const headerSchema = z.lazy(() =>
  z.looseObject({ typ: z.literal('JWT'), alg: z.literal('keccak256') }),
);

/**
 * Builds a catalog ID token the way the catalog's own apps do: base64url JSON header and payload,
 * then base64url of the `0x…` text of an EIP-191 signature of `header.payload`. Beyond the
 * catalog's fields it binds the token to one site and a short time: `aud` (the site's origin),
 * `exp` and a random 128-bit `nonce`, which sites check with `verifyIdTokenClaims`.
 */
export async function createIdToken(
  wallet: MessageSigner,
  subject: IdTokenSubject,
  options: IdTokenOptions,
): Promise<string> {
  const aud = checkAudience(options.audience);
  const lifetime = options.lifetimeSeconds ?? DEFAULT_ID_TOKEN_LIFETIME_SECONDS;
  if (!Number.isSafeInteger(lifetime) || lifetime <= 0) {
    throw new InvalidIdTokenError('An ID token lifetime is a positive whole number of seconds');
  }
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const payload = {
    userId: subject.id,
    email: options.email ?? null,
    name: subject.name,
    handle: subject.handle,
    verified: subject.verified,
    profilePicture: subject.profilePicture,
    sub: subject.id,
    iat,
    aud,
    exp: iat + lifetime,
    nonce: randomNonce(),
  };
  const signed = `${encodeBase64Url(JSON.stringify(HEADER))}.${encodeBase64Url(JSON.stringify(payload))}`;
  const signature = await wallet.signMessage(signed);
  return `${signed}.${encodeBase64Url(signature)}`;
}

/** A site's origin exactly as `new URL(…).origin` writes it, so sites compare plain strings. */
function checkAudience(audience: string): string {
  let origin: string | null = null;
  try {
    const url = new URL(audience);
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
  } catch {
    // reported below
  }
  if (origin === null || origin !== audience) {
    throw new InvalidIdTokenError(`An ID token audience is a site origin, not ${audience}`);
  }
  return origin;
}

/** 128 random bits from WebCrypto, as 32 hex digits. */
function randomNonce(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

export class InvalidIdTokenError extends EncoreError<'INVALID_ID_TOKEN'> {
  static override readonly code = 'INVALID_ID_TOKEN' as const;
  override readonly name = 'InvalidIdTokenError' as const;
}

export interface DecodedIdToken {
  payload: VerifiedToken;
  /** Checksummed address that signed `header.payload`. */
  signer: string;
}

/**
 * Decodes a token and recovers who signed it. It does not decide whether that signer is the
 * user's wallet: only the catalog knows the user's wallets (see the dev catalog's verify_token).
 */
export function recoverIdTokenSigner(token: string): DecodedIdToken {
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidIdTokenError('An ID token has three segments');
  const [header, payload, signature] = parts as [string, string, string];
  const decodedHeader = headerSchema.safeParse(parseSegment(header, 'header'));
  if (!decodedHeader.success) throw new InvalidIdTokenError('Unsupported ID token header');
  const decodedPayload = verifiedTokenSchema.safeParse(parseSegment(payload, 'payload'));
  if (!decodedPayload.success) throw new InvalidIdTokenError('Malformed ID token payload');
  const signatureText = decodeSegment(signature, 'signature');
  if (!/^0x[0-9a-fA-F]{130}$/.test(signatureText)) {
    throw new InvalidIdTokenError('ID token signature is not a 65-byte hex signature');
  }
  try {
    const signer = verifyMessage(`${header}.${payload}`, signatureText);
    return { payload: decodedPayload.data, signer };
  } catch (cause) {
    throw new InvalidIdTokenError('ID token signature does not recover', { cause });
  }
}

function decodeSegment(segment: string, what: string): string {
  try {
    return decodeBase64Url(segment);
  } catch (cause) {
    throw new InvalidIdTokenError(`ID token ${what} is not base64url`, { cause });
  }
}

function parseSegment(segment: string, what: string): unknown {
  try {
    return JSON.parse(decodeSegment(segment, what)) as unknown;
  } catch (cause) {
    if (cause instanceof InvalidIdTokenError) throw cause;
    throw new InvalidIdTokenError(`ID token ${what} is not JSON`, { cause });
  }
}
