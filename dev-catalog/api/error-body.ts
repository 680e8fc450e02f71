import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { HostFlavor } from './context.ts';
import { ApiError } from './http-error.ts';

/** An error in the answering host's own dialect. */
function errorResponse(
  c: Context,
  flavor: HostFlavor,
  status: ContentfulStatusCode,
  message: string,
): Response {
  return flavor === 'go'
    ? c.json({ code: status, error: message }, status)
    : c.json({ message }, status);
}

/** Unknown routes, ApiErrors and unexpected errors, all answered in `flavor`'s dialect. */
export function answerErrorsIn(app: Hono, flavor: HostFlavor): void {
  app.notFound((c) => errorResponse(c, flavor, 404, `No route for ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, flavor, error.status, error.message);
    console.error('dev catalog: unexpected error', error);
    return errorResponse(c, flavor, 500, 'Internal server error');
  });
}
