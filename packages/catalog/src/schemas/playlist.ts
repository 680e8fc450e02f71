import { z } from 'zod';
import { countSchema, idSchema, imageSchema } from './common.ts';
import { userSchema } from './user.ts';

export const playlistSchema = z.lazy(() =>
  z.looseObject({
    id: idSchema,
    playlist_name: z.string(),
    is_album: z.boolean(),
    user: userSchema,
    description: z.string().nullish(),
    artwork: imageSchema,
    repost_count: countSchema,
    favorite_count: countSchema,
    total_play_count: countSchema,
    permalink: z.string().optional(),
  }),
);

export type Playlist = z.infer<typeof playlistSchema>;

/**
 * `/playlists/{id}` answers a one-element array on every current host; the 2021 documentation
 * showed the bare object. Both come out as the playlist itself.
 */
export const playlistByIdSchema = z.lazy(() =>
  z
    .union([z.array(playlistSchema).min(1), playlistSchema])
    .transform((v) => (Array.isArray(v) ? v[0]! : v)),
);
