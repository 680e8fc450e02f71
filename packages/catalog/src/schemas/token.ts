import { z } from 'zod';
import { idSchema, imageSchema } from './common.ts';

/**
 * The decoded ID token payload `/users/verify_token` returns (and `createIdToken` signs). Loose on
 * purpose: Encore's tokens add `aud`, `exp` and `nonce` (checked by `verifyIdTokenClaims`, not
 * here, so tokens without them still decode), and hosts may add fields of their own.
 */
export const verifiedTokenSchema = z.lazy(() =>
  z.looseObject({
    userId: idSchema,
    email: z.string().nullish(),
    name: z.string(),
    handle: z.string(),
    verified: z.boolean(),
    profilePicture: imageSchema,
    sub: idSchema,
    // Python hosts send a string, the original token carries a number.
    iat: z.union([z.string(), z.number()]),
    apiKey: z.string().nullish(),
  }),
);

export type VerifiedToken = z.infer<typeof verifiedTokenSchema>;
