import { z } from 'zod';
import { countSchema, idSchema, imageSchema } from './common.ts';
import { userSchema } from './user.ts';

/** A track. `play_count`, `permalink`, `track_cid` and friends arrived in later revisions. */
export const trackSchema = z.lazy(() =>
  z.looseObject({
    id: idSchema,
    title: z.string(),
    user: userSchema,
    duration: z.number(),
    genre: z.string().nullish(),
    mood: z.string().nullish(),
    tags: z.string().nullish(),
    description: z.string().nullish(),
    release_date: z.string().nullish(),
    artwork: imageSchema,
    repost_count: countSchema,
    favorite_count: countSchema,
    play_count: countSchema,
    permalink: z.string().optional(),
    track_cid: z.string().nullish(),
    downloadable: z.boolean().optional(),
    is_streamable: z.boolean().optional(),
    remix_of: z.looseObject({}).nullish(),
  }),
);

export type Track = z.infer<typeof trackSchema>;
