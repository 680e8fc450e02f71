// GET /authentication is rate-limited per client address and per lookupKey, with the counters
// in the database so that every instance on one database enforces the same limit.

import { randomBytes } from 'node:crypto';
import { createBackendFns } from '@encore-wallet/backend-client';
import { BackendError } from '@encore-wallet/contract';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../support/backend/engines.ts';
import { type Answer, call, hex } from '../../support/backend/http.ts';

// A day-long window: a test never straddles two windows, so counts are exact.
const WINDOW = 86_400;

describe.each(ENGINES.map((make) => make()))('rate limit on $name', (engine) => {
  let first: RunningServer;
  let second: RunningServer;
  let direct: RunningServer;

  beforeAll(async () => {
    await engine.start();
    const databaseUrl = await engine.freshDatabaseUrl();
    const rateLimit = {
      windowSeconds: WINDOW,
      perAddress: 3,
      perLookupKey: 5,
      bucketSecret: randomBytes(32),
    };
    // Two instances behind one trusted proxy, sharing one database (and the secret its
    // lookupKey buckets are HMACs under, as RATE_LIMIT_BUCKET_SECRET gives them).
    first = await startServer({ databaseUrl, rateLimit, trustProxy: 1 });
    second = await startServer({ databaseUrl, rateLimit, trustProxy: 1 });
    // One without a trusted proxy: X-Forwarded-For must mean nothing to it.
    direct = await startServer({ databaseUrl: await engine.freshDatabaseUrl(), rateLimit });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), direct?.close()]);
    await engine.stop();
  });

  const lookup = (server: RunningServer, key: string, from?: string): Promise<Answer> =>
    call(`${server.url}/authentication?lookupKey=${key}`, {
      headers: from ? { 'x-forwarded-for': from } : {},
    });

  function expectLimited(answer: Answer): void {
    expect(answer).toMatchObject({
      status: 429,
      body: { error: 'too many lookups: try again later' },
    });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
  }

  it('limits one client address across lookupKeys, and only that address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await lookup(first, hex(100 + i, 64), '10.0.0.1')).status).toBe(404);
    }
    expectLimited(await lookup(first, hex(103, 64), '10.0.0.1'));
    expect((await lookup(first, hex(104, 64), '10.0.0.2')).status).toBe(404);
  });

  it('uses the last X-Forwarded-For hop, not what the client wrote before it', async () => {
    for (let i = 0; i < 3; i++) {
      const forged = `192.0.2.${i}, 10.0.1.1`;
      expect((await lookup(first, hex(110 + i, 64), forged)).status).toBe(404);
    }
    expectLimited(await lookup(first, hex(113, 64), '192.0.2.99, 10.0.1.1'));
  });

  it('limits one lookupKey across client addresses', async () => {
    const key = hex(200, 64);
    for (let i = 0; i < 5; i++) {
      expect((await lookup(first, key, `10.0.2.${i}`)).status).toBe(404);
    }
    expectLimited(await lookup(first, key, '10.0.2.99'));
    expect((await lookup(first, hex(201, 64), '10.0.2.99')).status).toBe(404);
  });

  it('shares the counters between two instances on one database', async () => {
    expect((await lookup(first, hex(300, 64), '10.0.3.1')).status).toBe(404);
    expect((await lookup(second, hex(301, 64), '10.0.3.1')).status).toBe(404);
    expect((await lookup(first, hex(302, 64), '10.0.3.1')).status).toBe(404);
    expectLimited(await lookup(second, hex(303, 64), '10.0.3.1'));
    expectLimited(await lookup(first, hex(304, 64), '10.0.3.1'));
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await lookup(direct, hex(400 + i, 64), `10.0.4.${i}`)).status).toBe(404);
    }
    expectLimited(await lookup(direct, hex(403, 64), '10.0.4.200'));
  });

  it('reaches the wallet core as BackendError 429 with retryAfterSeconds', async () => {
    const { getFn } = createBackendFns({
      baseUrl: second.url,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, 'x-forwarded-for': '10.0.5.1' } }),
    });
    for (let i = 0; i < 3; i++) await getFn({ lookupKey: hex(500 + i, 64) });
    const error = await getFn({ lookupKey: hex(503, 64) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).status).toBe(429);
    expect((error as BackendError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
