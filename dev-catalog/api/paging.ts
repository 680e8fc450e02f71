import { z } from 'zod';

// The v1 paging rules (swagger-v1-go.yaml publishes them per endpoint: default 10, 1..100;
// offset ≥ 0). Out-of-range or non-integer values are a 400, never silently clamped.
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const intString = z.string().regex(/^\d+$/, 'must be a non-negative integer').transform(Number);

export const pagingSchema = z.object({
  offset: intString.optional().transform((v) => v ?? 0),
  limit: intString
    .optional()
    .transform((v) => v ?? DEFAULT_LIMIT)
    .refine((v) => v >= 1 && v <= MAX_LIMIT, `limit must be between 1 and ${MAX_LIMIT}`),
});

export type Paging = z.output<typeof pagingSchema>;

export function pageOf<T>(items: readonly T[], paging: Paging): T[] {
  return items.slice(paging.offset, paging.offset + paging.limit);
}
