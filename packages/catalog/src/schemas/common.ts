import { z } from 'zod';

/** Ids are hash strings, but some deployments send plain numbers: always hand out strings. */
export const idSchema = z.lazy(() =>
  z.union([z.string().min(1), z.number().int()]).transform(String),
);

/** Counters the code shows; some revisions omit them or send null, which reads as 0. */
export const countSchema = z.lazy(() =>
  z
    .number()
    .nullish()
    .transform((n) => n ?? 0),
);

/**
 * Image objects map a size ("150x150", "640x", ...) to a URL. Newer hosts add a `mirrors` list of
 * hosts that also serve the content; any of them may be null (no picture).
 */
export type ImageSet = {
  [size: string]: string | string[] | null | undefined;
  mirrors?: string[];
} | null;

// Typed by name: the type zod infers, written out in a declaration file, is an object literal
// whose optional `mirrors` breaks its own index signature, which a consumer's tsc rejects
// (without skipLibCheck).
export const imageSchema: z.ZodType<ImageSet, unknown> = z.lazy(() =>
  z
    .object({ mirrors: z.array(z.string()).optional() })
    .catchall(z.union([z.string(), z.array(z.string()), z.null()]))
    .nullish()
    .transform((v) => v ?? null),
);

/** The `{ data: ... }` envelope every v1 answer is wrapped in. */
export function envelope<T extends z.ZodType>(data: T): z.ZodObject<{ data: T }> {
  return z.object({ data });
}
