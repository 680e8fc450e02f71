import { z } from 'zod';
import type { WalletCatalogProfile } from './catalog-profile.ts';

// A profile read back from storage is input like any other: these are the shapes the popup
// renders, with the limits of what the catalog client hands out (picture URLs http(s) only, as
// pickImage keeps them, since they become an <img src>).
// Each a function, called inside the lazy schemas below: nothing here is built at load.
const count = () => z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const text = () => z.string().max(1_000);
const imageUrl = () =>
  z
    .string()
    .max(2_048)
    .regex(/^https?:\/\//i, 'Not an http(s) URL')
    .nullable();

export const catalogProfileSchema = z.lazy(() =>
  z.strictObject({
    id: text().min(1),
    handle: text(),
    name: text(),
    verified: z.boolean(),
    pictureUrl: imageUrl(),
    followerCount: count(),
    followingCount: count(),
    trackCount: count(),
  }),
);

export const catalogTrackSummarySchema = z.lazy(() =>
  z.strictObject({
    id: text().min(1),
    title: text(),
    playCount: count(),
    artworkUrl: imageUrl(),
  }),
);

export const walletCatalogProfileSchema: z.ZodType<WalletCatalogProfile> = z.lazy(() =>
  z.strictObject({
    user: catalogProfileSchema,
    topTracks: z.array(catalogTrackSummarySchema).max(10),
  }),
);
