import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { HostFlavor } from './context.ts';

/** An error in the answering host's own dialect. */
export function errorResponse(
  c: Context,
  flavor: HostFlavor,
  status: ContentfulStatusCode,
  message: string,
): Response {
  return flavor === 'go'
    ? c.json({ code: status, error: message }, status)
    : c.json({ message }, status);
}
