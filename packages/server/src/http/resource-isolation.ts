// Resource isolation by Fetch Metadata. Any page can make a visitor's browser call this server
// without CORS: an <img>, <script> or <link>, an <object>/<embed>, a link or form navigation, an
// iframe. Such requests carry no Origin when they are GETs, so CORS cannot tell them from curl;
// the page never reads the answer, but the request spends the visitor's per-address rate limit.
// Browsers say where a request comes from (Sec-Fetch-Site) and how it is made (Sec-Fetch-Mode,
// Sec-Fetch-Dest), in headers a page cannot forge. This refuses, before any other work, every
// request from another site (`cross-site`, or `same-site`: a sibling subdomain may host anyone's
// pages) that is not a CORS request:
// - mode `no-cors` (subresources), `navigate` (links, forms, iframes: unlike web.dev's reference
//   policy, top-level navigations are refused too, since this API has no page to navigate to and
//   a link to `/authentication?lookupKey=` would spend budget), `nested-navigate` (older
//   Chromium's iframe navigations) and `websocket` (no route here speaks it; the handshake would
//   reach a route as a plain GET);
// - destination `object` or `embed`, whatever the mode.
// Everything else goes on to CORS, which judges CORS requests by their Origin: requests without
// these headers (servers, curl, Node, browsers too old to send them), `same-origin`, `none` (typed
// into the address bar, or an extension's own request) and `cors`-mode requests from other sites
// (the extension's fetches, allowed web origins).
// A fetch wrapper like CORS, not Hono middleware, for the same reason (see cors.ts).
import type { ErrorResponse } from '@encore-wallet/contract';
import type { FetchHandler } from './fetch-handler.ts';

const REFUSED_MODES: ReadonlySet<string> = new Set([
  'no-cors',
  'navigate',
  'nested-navigate',
  'websocket',
]);
const REFUSED_DESTINATIONS: ReadonlySet<string> = new Set(['object', 'embed']);

/** True for a browser request from another site that is not a CORS request. */
export function isRefusedCrossSiteRequest(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== 'cross-site' && site !== 'same-site') return false;
  return isRefusedFetchMetadata(site, headers.get('sec-fetch-mode'), headers.get('sec-fetch-dest'));
}

/**
 * The same rule on the three header values (absent: null or undefined), for the lookup fast
 * path, which reads them from Node's request without building a Headers object.
 */
export function isRefusedFetchMetadata(
  site: string | null | undefined,
  mode: string | null | undefined,
  dest: string | null | undefined,
): boolean {
  if (site !== 'cross-site' && site !== 'same-site') return false;
  return REFUSED_MODES.has(mode ?? '') || REFUSED_DESTINATIONS.has(dest ?? '');
}

export function withResourceIsolation(handler: FetchHandler): FetchHandler {
  return (request, env) => {
    if (!isRefusedCrossSiteRequest(request.headers)) return handler(request, env);
    const body: ErrorResponse = {
      error: 'sec-fetch-site: another site may call this server only with CORS requests',
    };
    return Response.json(body, {
      status: 403,
      headers: { Vary: 'Sec-Fetch-Site, Sec-Fetch-Mode, Sec-Fetch-Dest' },
    });
  };
}
