import { z } from 'zod';

/** A SHA-256 digest as sha256Hex writes it: never the secret itself. */
export const digestSchema = z.lazy(() =>
  z.string().regex(/^[0-9a-f]{64}$/, 'Expected a SHA-256 hex digest'),
);

/** What the worker hands Chromium's offscreen guard document. */
export const offscreenWatchSchema = z.lazy(() =>
  z.strictObject({
    target: z.literal('encore-clipboard-guard'),
    digest: digestSchema,
    ms: z.number().int().min(0).max(600_000),
  }),
);
export type OffscreenWatch = z.infer<typeof offscreenWatchSchema>;

/** Firefox's pending guard, kept in storage.session across the event page's unloads. */
export const pendingGuardSchema = z.lazy(() =>
  z.strictObject({
    digest: digestSchema,
    due: z.number(),
  }),
);
export type PendingGuard = z.infer<typeof pendingGuardSchema>;
