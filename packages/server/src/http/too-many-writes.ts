import type { Context } from 'hono';
import { jsonError } from './json-error.ts';

/** The 429 of a write past its rate limit (POST /authentication, POST /users). */
export function tooManyWrites(c: Context, retryAfterSeconds: number): Response {
  return jsonError(c, 429, 'too many writes: try again later', {
    'Retry-After': String(retryAfterSeconds),
  });
}
