import type { Hono } from 'hono';

/**
 * Images for the generated CIDs, so profile pictures render with no network: a two-colour SVG
 * derived from the CID (browsers go by Content-Type, not the `.jpg` in the URL).
 */
export function registerContentRoutes(app: Hono): void {
  app.get('/content/:cid/:file', (c) => {
    const cid = c.req.param('cid');
    if (!/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(cid)) return c.text('Not found', 404);
    let hash = 0;
    for (const ch of cid) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    const a = hash % 360;
    const b = (a + 140) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},70%,55%)"/><stop offset="1" stop-color="hsl(${b},70%,35%)"/></linearGradient></defs><rect width="100" height="100" fill="url(#g)"/><circle cx="50" cy="50" r="${18 + (hash % 14)}" fill="rgba(255,255,255,.25)"/></svg>`;
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml' });
  });
}
