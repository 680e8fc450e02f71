// Property: whatever malformed or conflicting request reaches any route, the answer is a 4xx
// with a JSON `{ error }` body, and the stored records are exactly what they were.

import {
  GetAuthQuerySchema,
  SetAuthRequestSchema,
  SetUserRequestSchema,
} from '@encore-wallet/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { authRecord, call, hex } from '../../../../tests/support/backend/http.ts';
import { NO_RATE_LIMIT } from '../../../../tests/support/no-rate-limit.ts';
import { type RunningServer, startServer } from '../../src/index.ts';

interface RawRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

const seeded = [authRecord(1), authRecord(2)];
const seededUser = { username: 'Seeded', walletAddress: `0x${hex(3, 40)}` };

const hexOf = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 80 }));

/** A valid object with one or two fields replaced by junk, dropped, or an extra field added. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const change = fc.record({
    key: fc.constantFrom(...keys, 'extra', '__proto__', 'lookupkey'),
    value: fc.option(jsonish, { nil: undefined }),
  });
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const out: Record<string, unknown> = { ...valid };
    for (const { key, value } of changes) {
      if (value === undefined) delete out[key];
      else
        Object.defineProperty(out, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  });
}

const invalidAuth = fc
  .oneof(
    jsonish,
    mutated({ ...authRecord(9) }),
    mutated({ ...authRecord(9), oldLookupKey: hex(8, 64) }),
  )
  .filter((body) => !SetAuthRequestSchema.safeParse(body).success);
const invalidUser = fc
  .oneof(jsonish, mutated({ username: 'someone', walletAddress: `0x${hex(7, 40)}` }))
  .filter((body) => !SetUserRequestSchema.safeParse(body).success);

// Well-formed requests that must still change nothing: taken keys, missing old keys, taken names.
const conflictingAuth = fc.oneof(
  fc.record({
    iv: hexOf(32),
    cipherText: hexOf(64),
    lookupKey: fc.constantFrom(...seeded.map((r) => r.lookupKey)),
  }),
  fc.record({
    iv: hexOf(32),
    cipherText: hexOf(32),
    lookupKey: hexOf(64),
    oldLookupKey: hexOf(64),
  }),
);
const conflictingUser = fc.record({
  username: fc.constantFrom('seeded', 'SEEDED', ' Seeded '),
  walletAddress: hexOf(40)
    .map((h) => `0x${h}`)
    .filter((a) => a !== seededUser.walletAddress),
});

const json =
  (path: string) =>
  (body: unknown): RawRequest => ({
    method: 'POST',
    path,
    body: JSON.stringify(body) ?? 'undefined',
    contentType: 'application/json',
  });

const requests: fc.Arbitrary<RawRequest> = fc.oneof(
  invalidAuth.map(json('/authentication')),
  conflictingAuth.map(json('/authentication')),
  fc
    .constantFrom('/users', '/user')
    .chain((path) => fc.oneof(invalidUser, conflictingUser).map(json(path))),
  // Raw bytes that are rarely JSON, and bodies declared as something else.
  fc
    .record({
      method: fc.constant('POST' as const),
      path: fc.constantFrom('/authentication', '/users', '/user'),
      body: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ minLength: 4100, maxLength: 5000 }),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    })
    .filter((r) => !(r.contentType === 'application/json' && parsesValid(r.body))),
  fc
    .string({ maxLength: 80 })
    .filter((key) => !GetAuthQuerySchema.safeParse({ lookupKey: key }).success)
    .map(
      (key): RawRequest => ({
        method: 'GET',
        path: `/authentication?lookupKey=${encodeURIComponent(key)}`,
      }),
    ),
  fc
    .constantFrom('GET', 'POST')
    .chain((method) =>
      fc
        .webPath()
        .map((path): RawRequest => ({ method: method as 'GET' | 'POST', path: `/x${path}` })),
    ),
);

function parsesValid(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      SetAuthRequestSchema.safeParse(value).success || SetUserRequestSchema.safeParse(value).success
    );
  } catch {
    return false;
  }
}

describe.each(ENGINES.map((make) => make()))('malformed requests on $name', (engine) => {
  let server: RunningServer;
  let databaseUrl: string;

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    server = await startServer({
      databaseUrl,
      rateLimit: NO_RATE_LIMIT,
    });
    for (const record of seeded) {
      await call(`${server.url}/authentication`, { method: 'POST', json: record });
    }
    await call(`${server.url}/users`, { method: 'POST', json: seededUser });
  });
  afterAll(async () => {
    await server?.close();
    await engine.stop();
  });

  it('answers every one with a 4xx JSON error and leaves the data as it was', async () => {
    const before = await engine.dump(databaseUrl);
    expect(before.auth).toHaveLength(2);
    expect(before.users).toHaveLength(1);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const headers: Record<string, string> = request.contentType
          ? { 'content-type': request.contentType }
          : {};
        const answer = await call(`${server.url}${request.path}`, {
          method: request.method,
          body: request.body,
          headers,
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers.get('content-type')).toContain('application/json');
        expect(answer.body).toEqual({ error: expect.any(String) });
      }),
      { numRuns: 150 },
    );
    expect(await engine.dump(databaseUrl)).toEqual(before);
  });
});
