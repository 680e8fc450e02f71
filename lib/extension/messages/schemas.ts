import { MAX_USERNAME_LENGTH } from '@encore-wallet/backend-client';
import { LOOKUP_KEY_PATTERN } from '@encore-wallet/core';
import { z } from 'zod';
import { catalogUserIdSchema } from '../catalog/index.ts';

// Request payloads (everything in the message except `type`). Strict: an unknown field is a bug
// in the sender, and saying so beats ignoring it.
const username = z.lazy(() =>
  z
    .string({ error: 'Enter a username' })
    .min(1, 'Enter a username')
    .max(MAX_USERNAME_LENGTH, `Usernames are at most ${MAX_USERNAME_LENGTH} characters`),
);
const password = z.lazy(() =>
  z
    .string({ error: 'Enter a password' })
    .min(1, 'Enter a password')
    .max(1024, 'Passwords are at most 1024 characters'),
);

export const emptySchema = z.lazy(() => z.strictObject({}));
/** Username and password: what sign-up and login extend. */
function credentials() {
  return z.strictObject({ username, password });
}
/**
 * Sign-up may say the popup is deriving the lookup key itself and will send it
 * (`signUpLookupKey`), so the worker derives only the encryption key meanwhile.
 */
export const signUpSchema = z.lazy(() =>
  credentials().extend({
    lookupKeyFollows: z.boolean().optional(),
  }),
);
/** The popup's lookup key for the sign-up it just sent; null when it could not derive one. */
export const signUpLookupKeySchema = z.lazy(() =>
  z.strictObject({
    username,
    lookupKey: z.string().regex(LOOKUP_KEY_PATTERN, 'Not a lookup key').nullable(),
  }),
);
/** Ties the popup's strong master to the one login it was derived for (fresh for each login). */
const strongMasterId = z.string().regex(/^[0-9a-f]{32}$/, 'Not a login id');
/**
 * Login may carry the lookup key the popup derived meanwhile (Hedgehog's loginLookupKey), and say
 * the popup is deriving the strong master on its worker and will send it (`loginStrongMaster`,
 * under the same id).
 */
export const loginSchema = z.lazy(() =>
  credentials().extend({
    lookupKey: z.string().regex(LOOKUP_KEY_PATTERN, 'Not a lookup key').optional(),
    strongMasterId: strongMasterId.optional(),
  }),
);
/** A username whose record format the popup asks before a login (`loginFormat`). */
export const loginFormatSchema = z.lazy(() => z.strictObject({ username }));
/** The strong master (64 hex) the popup derived for the login it just sent; null when it could not. */
export const loginStrongMasterSchema = z.lazy(() =>
  z.strictObject({
    strongMasterId,
    master: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'Not a strong master')
      .nullable(),
  }),
);
export const changePasswordSchema = z.lazy(() =>
  z.strictObject({
    oldPassword: password,
    newPassword: password,
  }),
);
/** The phrase's words are checked by the wallet core (INVALID_MNEMONIC names the wrong word). */
const phrase = z.lazy(() =>
  z
    .string({ error: 'Enter your recovery phrase' })
    .trim()
    .min(1, 'Enter your recovery phrase')
    .max(400, 'A recovery phrase is at most 400 characters'),
);
export const restoreSchema = z.lazy(() => z.strictObject({ username, password, phrase }));
export const revealPhraseSchema = z.lazy(() => z.strictObject({ password }));
/** The account whose phrase the popup showed: refused if another one is logged in by now. */
export const phraseKeptSchema = z.lazy(() =>
  z.strictObject({
    address: z
      .string({ error: 'Not a wallet address' })
      .regex(/^0x[0-9a-fA-F]{40}$/, 'Not a wallet address'),
  }),
);
export const siteSchema = z.lazy(() => z.strictObject({ origin: z.string().min(1).max(2048) }));
/** The catalog user the person picked in the popup's profile search. */
export const linkProfileSchema = z.lazy(() => z.strictObject({ userId: catalogUserIdSchema() }));
export const searchSchema = z.lazy(() =>
  z.strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'Enter a handle or name to search for')
      .max(100, 'Search for at most 100 characters'),
  }),
);
