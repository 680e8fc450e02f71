import { z } from 'zod';
import { idSchema } from './common.ts';
import { playlistSchema } from './playlist.ts';
import { trackSchema } from './track.ts';
import { userSchema } from './user.ts';

export const repostSchema = z.lazy(() =>
  z.discriminatedUnion('item_type', [
    z.looseObject({ item_type: z.literal('track'), timestamp: z.string(), item: trackSchema }),
    z.looseObject({
      item_type: z.literal('playlist'),
      timestamp: z.string(),
      item: playlistSchema,
    }),
  ]),
);

export type Repost = z.infer<typeof repostSchema>;

/** Favorites: some hosts send numeric ids here; they come out as strings. */
export const favoriteSchema = z.lazy(() =>
  z.looseObject({
    favorite_item_id: idSchema,
    favorite_type: z.string(),
    user_id: idSchema,
    created_at: z.string().optional(),
  }),
);

export type Favorite = z.infer<typeof favoriteSchema>;

/** Amounts are wei-style integer strings; kept as strings so nothing loses precision. */
const amountSchema = z.lazy(() => z.union([z.string(), z.number()]).transform(String));

export const supporterSchema = z.lazy(() =>
  z.looseObject({
    rank: z.number().int(),
    amount: amountSchema,
    sender: userSchema,
  }),
);

export type Supporter = z.infer<typeof supporterSchema>;

export const supportingSchema = z.lazy(() =>
  z.looseObject({
    rank: z.number().int(),
    amount: amountSchema,
    receiver: userSchema,
  }),
);

export type Supporting = z.infer<typeof supportingSchema>;
