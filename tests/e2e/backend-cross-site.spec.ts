import { startServer } from '@encore-wallet/server';
import { expect, test } from './support/fixtures.ts';

// A hostile page plays its part in real Chromium: <img> tags pointing at the backend's lookup
// route, from another site (localhost vs 127.0.0.1) and from the same site (another port). The
// browser sends them with the visitor's address and no Origin; the backend must refuse them on
// their Fetch Metadata without spending the visitor's rate limit, while the extension's own
// fetches still get through.
test('a page cannot spend a visitor’s lookup budget with <img> tags', async ({
  context,
  env,
  serviceWorker,
}) => {
  const lookups = 2;
  const log: string[] = [];
  const strict = await startServer({
    port: 0,
    databaseUrl: 'sqlite::memory:',
    rateLimit: { perAddress: lookups, perLookupKey: 100, windowSeconds: 3600 },
    log: (line) => log.push(line.replace(/ [\d.]+ms$/, '')),
  });
  const lookupUrl = (n: number): string =>
    `${strict.url}/authentication?lookupKey=${n.toString(16).padStart(64, '0')}`;
  try {
    // Chromium sends these as Sec-Fetch-Site cross-site / same-site, Sec-Fetch-Mode no-cors,
    // Sec-Fetch-Dest image. Their JSON answers never reach the page (Chromium's opaque-response
    // blocking), so the server's request log is where the answers show.
    for (const site of [env.services.demoLocalhost, env.services.demo]) {
      const page = await context.newPage();
      await page.goto(site ?? '');
      await page.evaluate(async (urls) => {
        await Promise.all(
          urls.map(
            (url) =>
              new Promise((resolve) => {
                const img = new Image();
                img.onload = img.onerror = resolve;
                img.src = url;
              }),
          ),
        );
      }, [1, 2, 3].map(lookupUrl));
      await page.close();
    }
    expect(log).toEqual(Array(6).fill('GET /authentication 403'));

    // The visitor's budget is whole: the extension's own fetch is served, then one more lookup,
    // then the limit.
    const fromExtension = await serviceWorker.evaluate(
      async (url) => (await fetch(url)).status,
      lookupUrl(4),
    );
    expect(fromExtension).toBe(404);
    expect((await fetch(lookupUrl(5))).status).toBe(404);
    expect((await fetch(lookupUrl(6))).status).toBe(429);
  } finally {
    await strict.close();
  }
});
