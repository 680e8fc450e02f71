// CORS: only configured origins get answers a browser will hand to the page; others are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { authRecord, call } from '../../../../tests/support/backend/http.ts';
import { type RunningServer, startServer } from '../../src/index.ts';

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const DEMO = 'http://127.0.0.1:8800';

// CORS does not touch the database: one engine is enough.
const engine = ENGINES[0]!();

describe('CORS', () => {
  let strict: RunningServer;
  let dev: RunningServer;

  beforeAll(async () => {
    await engine.start();
    strict = await startServer({
      databaseUrl: await engine.freshDatabaseUrl(),
      corsOrigins: [EXTENSION, `${DEMO}/`],
    });
    // No corsOrigins: the development default, any extension.
    dev = await startServer({ databaseUrl: await engine.freshDatabaseUrl() });
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), dev?.close()]);
    await engine.stop();
  });

  it('answers an allowed origin with its own Access-Control-Allow-Origin', async () => {
    for (const origin of [EXTENSION, DEMO]) {
      const answer = await call(`${strict.url}/health`, { headers: { origin } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('vary')).toContain('Origin');
      expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After');
    }
  });

  it('refuses another origin with 403 and does not act on its request', async () => {
    const record = authRecord(1);
    const refused = await call(`${strict.url}/authentication`, {
      method: 'POST',
      json: record,
      headers: { origin: 'https://evil.example' },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'origin: is not allowed to call this server' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const stored = await call(`${strict.url}/authentication?lookupKey=${record.lookupKey}`);
    expect(stored.status).toBe(404);
  });

  it('answers a preflight from an allowed origin with the methods and headers it may use', async () => {
    const answer = await call(`${strict.url}/authentication`, {
      method: 'OPTIONS',
      headers: {
        origin: EXTENSION,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'content-type',
    );
  });

  it('refuses a preflight from another origin', async () => {
    const answer = await call(`${strict.url}/authentication`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an extension that is not the configured one', async () => {
    const other = 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba';
    expect((await call(`${strict.url}/health`, { headers: { origin: other } })).status).toBe(403);
  });

  it('serves clients that send no Origin (servers, curl) without CORS headers', async () => {
    const answer = await call(`${strict.url}/health`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows any well-formed extension origin by default, and nothing else', async () => {
    const other = 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba';
    const allowed = await call(`${dev.url}/health`, { headers: { origin: other } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(other);
    for (const origin of ['chrome-extension://not-an-id', DEMO, 'null']) {
      expect((await call(`${dev.url}/health`, { headers: { origin } })).status).toBe(403);
    }
  });
});
