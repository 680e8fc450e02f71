import { z } from 'zod';
import { countSchema, idSchema, imageSchema } from './common.ts';

/**
 * A catalog user. Strict about what the extension shows (id, handle, name, verification and the
 * counters); everything else is optional because the 2021 revision lacks it, and unknown fields
 * from newer revisions pass through untouched.
 */
export const userSchema = z.lazy(() =>
  z.looseObject({
    id: idSchema,
    handle: z.string(),
    name: z.string(),
    is_verified: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    follower_count: countSchema,
    followee_count: countSchema,
    track_count: countSchema,
    playlist_count: countSchema,
    album_count: countSchema,
    repost_count: countSchema,
    bio: z.string().nullish(),
    location: z.string().nullish(),
    profile_picture: imageSchema,
    cover_photo: imageSchema,
    artist_pick_track_id: idSchema.nullish(),
    does_follow_current_user: z.boolean().optional(),
    is_deactivated: z.boolean().optional(),
    is_available: z.boolean().optional(),
    erc_wallet: z.string().nullish(),
    spl_wallet: z.string().nullish(),
    wallet: z.string().nullish(),
    supporter_count: z.number().nullish(),
    supporting_count: z.number().nullish(),
    total_audio_balance: z.number().nullish(),
    twitter_handle: z.string().nullish(),
    instagram_handle: z.string().nullish(),
    tiktok_handle: z.string().nullish(),
    website: z.string().nullish(),
    donation: z.string().nullish(),
  }),
);

export type User = z.infer<typeof userSchema>;

/** `/users/id?associated_wallet=` (older hosts). */
export const userIdByWalletSchema = z.lazy(() => z.looseObject({ user_id: idSchema.nullish() }));

/** `/users/address?address=` (newer hosts): one entry per known address. */
export const userIdsByAddressSchema = z.lazy(() =>
  z.array(z.looseObject({ user_id: idSchema, address: z.string() })),
);

export const connectedWalletsSchema = z.lazy(() =>
  z.looseObject({
    erc_wallets: z.array(z.string()),
    spl_wallets: z.array(z.string()),
  }),
);

export type ConnectedWallets = z.infer<typeof connectedWalletsSchema>;
