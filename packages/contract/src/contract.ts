// The HTTP contract between the wallet core and the persistence backend. The server (to validate
// what it receives), the client (to check what it gets back) and the wallet core (its record types
// and username limit) import these schemas, so a change here is a change on every side at once.
import { z } from 'zod';
import { MAX_USERNAME_LENGTH } from './limits.ts';

const HEX = /^[0-9a-fA-F]*$/;

function requiredString(): z.ZodString {
  return z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
  });
}

function hexOfLength(length: number): z.ZodString {
  return requiredString()
    .regex(HEX, { error: 'must contain only hex characters (0-9, a-f)' })
    .length(length, { error: `must be exactly ${length} hex characters` });
}

/** Hedgehog's lookupKey: hex of a 32-byte scrypt output. Stored and compared in lowercase. */
export const LookupKeySchema = z.lazy(() => hexOfLength(64));
/** AES-CBC initialisation vector: 16 bytes as hex. */
const IvSchema = z.lazy(() => hexOfLength(32));
/** AES-CBC cipherText: whole 16-byte blocks as hex, at most 512 bytes. */
const CipherTextSchema = z.lazy(() =>
  requiredString()
    .regex(HEX, { error: 'must contain only hex characters (0-9, a-f)' })
    .min(32, { error: 'must be at least 32 hex characters (one AES block)' })
    .max(1024, { error: 'must be at most 1024 hex characters' })
    .refine((value) => value.length % 32 === 0, {
      error: 'must be a multiple of 32 hex characters (whole AES blocks)',
    }),
);

/** A record as the server stores it and answers GET /authentication: `{iv, cipherText, lookupKey}`. */
export const AuthRecordSchema = z.lazy(() =>
  z.strictObject(
    { iv: IvSchema, cipherText: CipherTextSchema, lookupKey: LookupKeySchema },
    { error: 'must be a JSON object' },
  ),
);
export type AuthRecord = z.infer<typeof AuthRecordSchema>;

/**
 * What a wallet core needs back from GET /authentication to open the wallet: the iv and the
 * cipherText (the wallet core's `AuthRecord`). Lenient on purpose: other Hedgehog backends add
 * columns (id, timestamps) to the record.
 */
export const StoredAuthSchema = z.lazy(() =>
  z.object({ iv: IvSchema, cipherText: CipherTextSchema }),
);
export type StoredAuth = z.infer<typeof StoredAuthSchema>;

/** POST /authentication. `oldLookupKey` replaces that record in the same transaction. */
export const SetAuthRequestSchema = z.lazy(() =>
  z.strictObject(
    {
      iv: IvSchema,
      cipherText: CipherTextSchema,
      lookupKey: LookupKeySchema,
      oldLookupKey: LookupKeySchema.optional(),
    },
    { error: 'must be a JSON object' },
  ),
);
export type SetAuthRequest = z.infer<typeof SetAuthRequestSchema>;

/** GET /authentication?lookupKey=… */
export const GetAuthQuerySchema = z.lazy(() => z.strictObject({ lookupKey: LookupKeySchema }));
export type GetAuthQuery = z.infer<typeof GetAuthQuerySchema>;

/** Usernames are trimmed; 1–MAX_USERNAME_LENGTH characters remain. */
const UsernameSchema = z.lazy(() =>
  requiredString()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(MAX_USERNAME_LENGTH, {
      error: `must be at most ${MAX_USERNAME_LENGTH} characters after trimming`,
    })
    // PostgreSQL text cannot hold U+0000: refused on both engines alike, never a 500.
    .refine((value) => !value.includes('\u0000'), { error: 'must not contain NUL characters' }),
);

const WalletAddressSchema = z.lazy(() =>
  requiredString().regex(/^0x[0-9a-fA-F]{40}$/, {
    error: 'must be 0x followed by 40 hex characters',
  }),
);

/** POST /users (and its alias POST /user). */
export const SetUserRequestSchema = z.lazy(() =>
  z.strictObject(
    { username: UsernameSchema, walletAddress: WalletAddressSchema },
    { error: 'must be a JSON object' },
  ),
);
export type SetUserRequest = z.infer<typeof SetUserRequestSchema>;

export const OkResponseSchema = z.lazy(() => z.object({ ok: z.literal(true) }));
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** Every non-200 answer carries this body. */
export const ErrorResponseSchema = z.lazy(() => z.object({ error: z.string() }));
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * Why payments wait, as `/health` says it: fixed wordings only (a node's own error text goes to
 * the operator's log, never to the public answer).
 */
export const FUNDING_WAIT_REASONS = [
  'gas price above cap',
  'chain node unreachable',
  'chain node answered an error',
  'chain node answer too large',
  'chain node answered a redirect',
  'chain node answer malformed',
  'transfer sent, not mined yet',
  'transfer mined, receipt not visible yet',
  'nonce used, block not shown by the node',
  'chain error',
] as const;
export type FundingWaitReason = (typeof FUNDING_WAIT_REASONS)[number];

export const HealthResponseSchema = z.lazy(() =>
  z.object({
    ok: z.literal(true),
    engine: z.enum(['sqlite', 'postgres']),
    /** Present when the server funds new addresses: payments by state, and the paying account. */
    funding: z
      .object({
        queued: z.number().int().nonnegative(),
        paid: z.number().int().nonnegative(),
        failed: z.number().int().nonnegative(),
        funder: z.string(),
        /** Why payments wait, one of FUNDING_WAIT_REASONS; null once a payment went through. */
        lastError: z.enum(FUNDING_WAIT_REASONS).nullable(),
      })
      .optional(),
    /** Present when the server sponsors calls: its account, contracts and operations. */
    sponsor: z
      .object({
        sponsor: z.string(),
        entryPoint: z.string(),
        delegate: z.string(),
        inFlight: z.number().int().nonnegative(),
        sentToday: z.number().int().nonnegative(),
        perDay: z.number().int().positive(),
      })
      .optional(),
  }),
);
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * Turns a zod error into the `error` text the server answers: `<field>: <what is wrong>`, one
 * clause per faulty field, joined with `; `. `body` names the whole body when no field is at fault.
 */
export function describeValidationError(error: z.ZodError, root = 'body'): string {
  // First problem per field only: "must be hex" already says enough without "and too short".
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = path ? `${path}.${key}` : key;
        if (!byField.has(field)) byField.set(field, 'is not a known field');
      }
      continue;
    }
    const field = path || root;
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, problem]) => `${field}: ${problem}`).join('; ');
}
