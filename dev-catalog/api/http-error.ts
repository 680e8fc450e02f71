import { EncoreError } from '@encore-wallet/utils/errors';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** Thrown by handlers; the host's error handler answers it in its own dialect. */
export class ApiError extends EncoreError<'DEV_CATALOG_API'> {
  static override readonly code = 'DEV_CATALOG_API' as const;
  override readonly name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** Validates the query string (first value per key) or throws a 400 naming the parameter. */
export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') || 'query';
  throw new ApiError(400, `Invalid parameter ${name}: ${issue?.message ?? 'invalid'}`);
}
