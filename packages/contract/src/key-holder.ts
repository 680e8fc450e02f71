// The key holder's HTTP contract (RFC 9497 POPRF, mode 0x02, ristretto255-SHA512): what the
// wallet core sends and checks, what @encore-wallet/key-holder validates. Schemas are zod/mini so
// a page that imports them loads no more of zod than it needs. Every byte string is lowercase or
// uppercase hex of an exact length: a field of the wrong length is refused here, before any
// group arithmetic sees it.
import * as z from 'zod/mini';

/** The suite every key holder answers in. */
export const KEY_HOLDER_SUITE = 'ristretto255-SHA512' as const;
/** RFC 9497's mode byte for the partially oblivious PRF. */
export const KEY_HOLDER_MODE = 0x02;

/** A serialized ristretto255 element or scalar: 32 bytes. */
export const ELEMENT_BYTES = 32;
/** A DLEQ proof: two scalars. */
export const PROOF_BYTES = 64;
/** An account identifier: SHA-256 of the domain-tagged, normalised username. */
export const ACCOUNT_ID_BYTES = 32;

/** Key ids name a key in a key holder's ring: letters, digits, `.`, `_`, `-`, at most 32. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

function hexOf(bytes: number) {
  return z
    .string()
    .check(
      z.length(bytes * 2, { error: `must be exactly ${bytes * 2} hex characters` }),
      z.regex(/^[0-9a-fA-F]*$/, { error: 'must contain only hex characters (0-9, a-f)' }),
    );
}

function keyId() {
  return z.string().check(
    z.regex(KEY_ID_PATTERN, {
      error: 'must be 1 to 32 letters, digits, ".", "_" or "-"',
    }),
  );
}

/** POST /evaluate: one blinded element to evaluate under `keyId`, with `account` as the info. */
export const EvaluateRequestSchema = z.object({
  keyId: keyId(),
  account: hexOf(ACCOUNT_ID_BYTES),
  blinded: hexOf(ELEMENT_BYTES),
});
export type EvaluateRequest = z.infer<typeof EvaluateRequestSchema>;

/**
 * 200 from POST /evaluate: the evaluated element and its DLEQ proof under `keyId`'s key, and the
 * account's mark: the id of the key its hardened record was made under (POST /hardened), or null
 * when no hardened record of the account was ever reported. The wallet asks the key holder, never
 * the record backend, which format an account has: only a null mark lets a login look for a
 * weaker record.
 */
export const EvaluateResponseSchema = z.object({
  keyId: keyId(),
  evaluated: hexOf(ELEMENT_BYTES),
  proof: hexOf(PROOF_BYTES),
  hardenedUnder: z.nullable(keyId()),
});
export type EvaluateResponse = z.infer<typeof EvaluateResponseSchema>;

/**
 * POST /hardened: the account now has a hardened record made under `keyId` (sent by the wallet
 * once the record backend stored it). A mark is only ever replaced by another key's, never
 * removed: whoever sends one can deny a login of a never-hardened account from a browser that
 * has not met it, never make a hardened account look weaker.
 */
export const MarkHardenedRequestSchema = z.object({
  keyId: keyId(),
  account: hexOf(ACCOUNT_ID_BYTES),
});
export type MarkHardenedRequest = z.infer<typeof MarkHardenedRequestSchema>;

/** 200 from POST /hardened: the mark as it now stands. */
export const MarkHardenedResponseSchema = z.object({
  hardenedUnder: keyId(),
});
export type MarkHardenedResponse = z.infer<typeof MarkHardenedResponseSchema>;

/** 429 from POST /evaluate or POST /hardened: how long to wait, also in the Retry-After header. */
export const TooManyEvaluationsSchema = z.object({
  error: z.string(),
  retryAfterSeconds: z.number().check(z.int(), z.minimum(1)),
});
export type TooManyEvaluations = z.infer<typeof TooManyEvaluationsSchema>;

/** GET /keys: the public keys an integrator pins, and the one new evaluations should name. */
export const KeyListSchema = z.object({
  suite: z.literal(KEY_HOLDER_SUITE),
  current: keyId(),
  keys: z.array(z.object({ id: keyId(), publicKey: hexOf(ELEMENT_BYTES) })),
});
export type KeyList = z.infer<typeof KeyListSchema>;

/** The first problem of a failed parse, as `field: what is wrong`. */
export function describeKeyHolderIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body: is not valid';
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  const missing = issue.code === 'invalid_type' && issue.message.includes('undefined');
  return `${field}: ${missing ? 'is required' : issue.message}`;
}
