// A page on another site cannot spend a visitor's rate limit: the browser requests it can trigger
// without CORS (an <img>, a link, an iframe, a form) say so in Sec-Fetch-* headers and are refused
// before any work, while servers, curl and the extension's own fetches are served as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { type Answer, authRecord, callExact, hex } from '../../../../tests/support/backend/http.ts';
import { type RunningServer, startServer } from '../../src/index.ts';

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const WINDOW = 86_400;
const LOOKUPS = 2;
const WRITES = 2;
const REFUSED = 'sec-fetch-site: another site may call this server only with CORS requests';

/** What Chromium sends for an <img src> on a page of another site. */
const IMG = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
};

// The refusal comes before any database work: one engine is enough (as for CORS).
const engine = ENGINES[0]!();

describe('resource isolation (Fetch Metadata)', () => {
  let server: RunningServer;
  let databaseUrl: string;
  let nextKey = 0;

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    server = await startServer({
      databaseUrl,
      corsOrigins: [EXTENSION],
      rateLimit: {
        windowSeconds: WINDOW,
        perAddress: LOOKUPS,
        perLookupKey: 100,
        writesPerAddress: WRITES,
        writesPerLookupKey: 100,
      },
      // Each test plays a different visitor, told apart by the proxy's X-Forwarded-For.
      trustProxy: 1,
    });
  });
  afterAll(async () => {
    await server?.close();
    await engine.stop();
  });

  const lookup = (visitor: string, headers: Record<string, string> = {}): Promise<Answer> =>
    callExact(`${server.url}/authentication?lookupKey=${hex(800 + nextKey++, 64)}`, {
      headers: { 'x-forwarded-for': visitor, ...headers },
    });
  const write = (visitor: string, seed: number, headers: Record<string, string> = {}) =>
    callExact(`${server.url}/authentication`, {
      method: 'POST',
      json: authRecord(seed),
      headers: { 'x-forwarded-for': visitor, ...headers },
    });

  function expectRefused(answer: Answer): void {
    expect(answer).toMatchObject({ status: 403, body: { error: REFUSED } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  }

  /** The visitor's lookups are untouched: exactly LOOKUPS header-less ones pass, then 429. */
  async function expectLookupBudgetIntact(visitor: string): Promise<void> {
    for (let i = 0; i < LOOKUPS; i++) expect((await lookup(visitor)).status).toBe(404);
    expect((await lookup(visitor)).status).toBe(429);
  }

  it('refuses <img> requests from another site and leaves the visitor’s budget whole', async () => {
    for (let i = 0; i < LOOKUPS + 3; i++) expectRefused(await lookup('10.8.0.1', IMG));
    // Header-less requests (a server, curl, the wallet core in Node) are served, with the full
    // budget still there.
    await expectLookupBudgetIntact('10.8.0.1');
  });

  it.each<[string, string, Record<string, string>]>([
    ['an <img> on a sibling subdomain', '10.8.1.1', { ...IMG, 'sec-fetch-site': 'same-site' }],
    [
      'a link followed from another site',
      '10.8.1.2',
      {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    ],
    [
      'an <iframe> on another site',
      '10.8.1.3',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
    ],
    [
      'an <object> on another site',
      '10.8.1.4',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'object' },
    ],
    [
      'a WebSocket opened by another site',
      '10.8.1.5',
      {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'websocket',
        'sec-fetch-dest': 'websocket',
      },
    ],
  ])('refuses %s without spending budget', async (_name, visitor, headers) => {
    for (let i = 0; i < LOOKUPS + 1; i++) expectRefused(await lookup(visitor, headers));
    await expectLookupBudgetIntact(visitor);
  });

  it('refuses a form posted from another site before it stores or counts anything', async () => {
    const form = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      origin: 'https://evil.example',
    };
    for (let i = 0; i < WRITES + 1; i++) expectRefused(await write('10.8.2.1', 600 + i, form));
    const stored = (await engine.dump(databaseUrl)).auth.map((row) => row.lookup_key);
    for (let i = 0; i < WRITES + 1; i++)
      expect(stored).not.toContain(authRecord(600 + i).lookupKey);
    // The visitor's own writes still have their whole budget.
    for (let i = 0; i < WRITES; i++) expect((await write('10.8.2.1', 610 + i)).status).toBe(200);
    expect((await write('10.8.2.1', 620)).status).toBe(429);
  });

  it('serves the extension’s own CORS fetches while refusing a no-cors request', async () => {
    const extensionFetch = {
      origin: EXTENSION,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    };
    expectRefused(await lookup('10.8.3.1', IMG));
    const stored = await write('10.8.3.1', 700, extensionFetch);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    const found = await callExact(
      `${server.url}/authentication?lookupKey=${authRecord(700).lookupKey}`,
      {
        headers: { 'x-forwarded-for': '10.8.3.1', ...extensionFetch, 'sec-fetch-site': 'none' },
      },
    );
    expect(found).toMatchObject({ status: 200, body: authRecord(700) });
    expect(found.headers.get('access-control-allow-origin')).toBe(EXTENSION);
  });
});
