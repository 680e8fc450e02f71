import type { ErrorResponse } from '@encore-wallet/contract';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error answer: JSON `{ error }` with the given status. */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  headers?: Record<string, string>,
): Response {
  const body: ErrorResponse = { error };
  return c.json(body, status, headers);
}
