// The lookup fast path (packages/server/src/http/lookup-fast-path.ts) answers exactly as the general path
// would: the same requests, sent to a server with the fast path in front and to one with the
// general path alone (each on its own database, seeded alike, with the same limits and clock),
// get the same status, headers and body, and log the same lines. The first server also records
// which path took each request, so the fast path is seen taking the plain lookups and leaving the
// unusual ones. The fast path decides no database question of its own: SQLite is enough.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { type Answer, authRecord, callExact, hex } from '../../../../tests/support/backend/http.ts';
import { type AppDeps, createFetchHandler } from '../../src/app.ts';
import { createLookupFastPath } from '../../src/http/lookup-fast-path.ts';
import { createOriginMatcher } from '../../src/http/origin-matcher.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from '../../src/rate-limit/rate-limiter.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const STORED = authRecord(1);
const REPLACED = authRecord(2);

const engine = ENGINES[0]!();

interface Side {
  server: Server;
  url: string;
  store: Store;
  log: string[];
  /** With the fast path: which path took each request, in order. */
  taken: ('fast' | 'general')[];
}

async function startSide(withFastPath: boolean): Promise<Side> {
  const store = await openStore(await engine.freshDatabaseUrl());
  await store.insertAuth(STORED);
  await store.insertAuth(REPLACED);
  const log: string[] = [];
  const taken: Side['taken'] = [];
  const deps: AppDeps = {
    store,
    // One fixed instant: a 429's Retry-After is the same on both sides.
    limiter: createRateLimiter(
      store,
      { ...DEFAULT_RATE_LIMIT, perAddress: 6, perLookupKey: 1_000 },
      () => 90_000,
    ),
    isAllowedOrigin: createOriginMatcher([EXTENSION]),
    // X-Forwarded-For names the client: each test below spends its own address's budget.
    trustProxy: 1,
    log: (line) => log.push(line.replace(/ [\d.]+ms$/, ' …ms')),
  };
  const general = getRequestListener(createFetchHandler(deps), { hostname: '127.0.0.1' });
  const fast = createLookupFastPath(deps);
  const server = createServer((request, response) => {
    if (withFastPath && fast(request, response)) {
      taken.push('fast');
      return;
    }
    if (withFastPath) taken.push('general');
    void general(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, store, log, taken };
}

// Not compared: the date, the connection's, and the framing (the general path streams the bodies
// CORS copies, so it may send them chunked where the fast path gives their length).
const UNCOMPARED = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** What must be equal between the two paths: status, body and every other header. */
function comparable(answer: Answer): unknown {
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !UNCOMPARED.has(name)));
  return { status: answer.status, headers, body: answer.body };
}

describe('lookup fast path', () => {
  let withFast: Side;
  let generalOnly: Side;

  beforeAll(async () => {
    await engine.start();
    withFast = await startSide(true);
    generalOnly = await startSide(false);
  });
  afterAll(async () => {
    for (const side of [withFast, generalOnly]) {
      side?.server.closeAllConnections();
      side?.server.close();
    }
    // The last test closes the stores itself.
    for (const side of [withFast, generalOnly]) {
      if (!side?.log.some((line) => line.startsWith('error'))) await side?.store.close();
    }
    await engine.stop();
  });

  /** Sends the request to both servers; returns the fast side's answer and the path it took. */
  async function both(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ answer: Answer; path: string }> {
    const fastAnswer = await callExact(`${withFast.url}${path}`, { headers });
    const generalAnswer = await callExact(`${generalOnly.url}${path}`, { headers });
    expect(comparable(fastAnswer)).toEqual(comparable(generalAnswer));
    expect(withFast.log).toEqual(generalOnly.log);
    return { answer: fastAnswer, path: withFast.taken.at(-1) ?? 'none' };
  }

  const lookup = (key: string) => `/authentication?lookupKey=${key}`;
  let client = 0;
  /** Headers of a new client address (its own rate-limit budget). */
  const from = (headers: Record<string, string> = {}) => ({
    'x-forwarded-for': `198.51.100.${++client}`,
    ...headers,
  });

  it.each<[string, string, Record<string, string>, number]>([
    ['a stored record', lookup(STORED.lookupKey), {}, 200],
    ['a stored record asked in capitals', lookup(STORED.lookupKey.toUpperCase()), {}, 200],
    ['an unknown lookupKey', lookup(hex(77, 64)), {}, 404],
    ['an allowed origin', lookup(STORED.lookupKey), { origin: EXTENSION }, 200],
    [
      'the extension’s CORS fetch from another site',
      lookup(STORED.lookupKey),
      { origin: EXTENSION, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      200,
    ],
    [
      'a URL typed into the address bar',
      lookup(STORED.lookupKey),
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      200,
    ],
    ['an unknown key from an allowed origin', lookup(hex(78, 64)), { origin: EXTENSION }, 404],
  ])('takes %s and answers as the general path does', async (_name, path, headers, status) => {
    const { answer, path: taken } = await both(path, from(headers));
    expect(answer.status).toBe(status);
    expect(taken).toBe('fast');
  });

  it.each<[string, string, Record<string, string>, number]>([
    [
      'an origin that is not allowed',
      lookup(STORED.lookupKey),
      { origin: 'https://evil.example' },
      403,
    ],
    [
      'an <img> on another site',
      lookup(STORED.lookupKey),
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      403,
    ],
    [
      '<object> from a sibling subdomain',
      lookup(STORED.lookupKey),
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'object' },
      403,
    ],
    ['a repeated lookupKey', `${lookup(STORED.lookupKey)}&lookupKey=${STORED.lookupKey}`, {}, 400],
    [
      'a percent-encoded lookupKey',
      lookup(`%${STORED.lookupKey.charCodeAt(0).toString(16)}${STORED.lookupKey.slice(1)}`),
      {},
      200,
    ],
    ['a short lookupKey', lookup(STORED.lookupKey.slice(1)), {}, 400],
    ['a lookupKey that is not hex', lookup(`${STORED.lookupKey.slice(1)}g`), {}, 400],
    ['no lookupKey', '/authentication', {}, 400],
    ['a Host the adapter checks itself', lookup(STORED.lookupKey), { host: 'Example.COM' }, 200],
  ])('leaves %s to the general path', async (_name, path, headers, status) => {
    const { answer, path: taken } = await both(path, from(headers));
    expect(answer.status).toBe(status);
    expect(taken).toBe('general');
  });

  it('counts against the same budget as the general path and answers its 429 alike', async () => {
    const headers = from({ origin: EXTENSION });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { answer, path } = await both(lookup(i % 2 ? STORED.lookupKey : hex(i, 64)), headers);
      expect(path).toBe('fast');
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([404, 200, 404, 200, 404, 200, 429, 429]);
    // Requests the general path takes spend the same budget: this client's is gone.
    const repeated = await both(`${lookup(STORED.lookupKey)}&x=1`, headers);
    expect(repeated).toMatchObject({ path: 'general', answer: { status: 429 } });
  });

  it('answers lookups of several records sent at once each with its own record', async () => {
    const keys = [STORED, REPLACED, STORED, REPLACED, STORED].map((r) => r.lookupKey);
    const answers = await Promise.all(
      keys.map((key) => callExact(`${withFast.url}${lookup(key)}`, { headers: from() })),
    );
    expect(answers.map((answer) => answer.body)).toEqual(
      [STORED, REPLACED, STORED, REPLACED, STORED].map((r) => ({ ...r })),
    );
    // The same requests to the general side, so that the two logs stay alike for the next tests.
    await Promise.all(
      keys.map((key) => callExact(`${generalOnly.url}${lookup(key)}`, { headers: from() })),
    );
  });

  it('answers a record replaced between two lookups as it now stands', async () => {
    const before = await both(lookup(REPLACED.lookupKey), from());
    expect(before).toMatchObject({ path: 'fast', answer: { status: 200, body: REPLACED } });
    const next = authRecord(3);
    for (const side of [withFast, generalOnly]) {
      expect(await side.store.replaceAuth(next, REPLACED.lookupKey)).toBe('stored');
    }
    expect(await both(lookup(REPLACED.lookupKey), from())).toMatchObject({
      path: 'fast',
      answer: { status: 404 },
    });
    expect(await both(lookup(next.lookupKey), from())).toMatchObject({
      path: 'fast',
      answer: { status: 200, body: next },
    });
  });

  it('answers a database failure with the general path’s 500 and log line', async () => {
    await Promise.all([withFast.store.close(), generalOnly.store.close()]);
    const { answer, path } = await both(lookup(STORED.lookupKey), from());
    expect(path).toBe('fast');
    expect(answer).toMatchObject({ status: 500, body: { error: 'server: internal error' } });
    expect(withFast.log.at(-2)).toMatch(/^error GET \w+/);
    expect(withFast.log.at(-1)).toBe('GET /authentication 500 …ms');
  });
});
