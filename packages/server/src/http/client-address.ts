// The address a request is rate-limited by, read from a Hono request served by
// @hono/node-server. X-Forwarded-For is read only when the operator says how many proxies of
// theirs sit in front (trustProxy); otherwise any client could forge it.

import { clientAddressOf } from '@encore-wallet/utils/http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** `trustProxy` = number of trusted proxies in front of the server (0: use the socket address). */
export function clientAddress(c: Context, trustProxy: number): string {
  // The header is read only when proxies are trusted.
  const forwardedFor = trustProxy > 0 ? c.req.header('x-forwarded-for') : undefined;
  return clientAddressOf(getConnInfo(c).remote.address, forwardedFor, trustProxy);
}
