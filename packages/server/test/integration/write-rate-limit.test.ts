// POST /authentication answers differently when a lookupKey exists (409 vs 200; 404 for a missing
// oldLookupKey), so it is a password-guessing oracle like GET. These play the guesser: writes are
// limited per client address and per lookupKey (new and old), decided before the store is asked,
// with counters in the database shared by every instance; POST /users spends the address budget.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { type Answer, authRecord, call, hex } from '../../../../tests/support/backend/http.ts';
import { type RunningServer, startServer } from '../../src/index.ts';

// A day-long window: a test never straddles two windows, so counts are exact.
const WINDOW = 86_400;
const WRITES_PER_ADDRESS = 3;
const WRITES_PER_LOOKUP_KEY = 5;

describe.each(ENGINES.map((make) => make()))('write rate limit on $name', (engine) => {
  let first: RunningServer;
  let second: RunningServer;
  let databaseUrl: string;

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    const rateLimit = {
      windowSeconds: WINDOW,
      perAddress: 3,
      perLookupKey: 5,
      writesPerAddress: WRITES_PER_ADDRESS,
      writesPerLookupKey: WRITES_PER_LOOKUP_KEY,
      bucketSecret: randomBytes(32),
    };
    // Two instances behind one trusted proxy, sharing one database (and the secret its
    // lookupKey buckets are HMACs under, as RATE_LIMIT_BUCKET_SECRET gives them).
    first = await startServer({ databaseUrl, rateLimit, trustProxy: 1 });
    second = await startServer({ databaseUrl, rateLimit, trustProxy: 1 });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await engine.stop();
  });

  const post = (path: string, json: unknown, from: string, server = first): Promise<Answer> =>
    call(`${server.url}${path}`, { method: 'POST', json, headers: { 'x-forwarded-for': from } });
  const lookup = (key: string, from: string): Promise<Answer> =>
    call(`${first.url}/authentication?lookupKey=${key}`, { headers: { 'x-forwarded-for': from } });
  const storedKeys = async (): Promise<Set<string>> =>
    new Set((await engine.dump(databaseUrl)).auth.map((row) => row.lookup_key));

  function expectLimited(answer: Answer): void {
    expect(answer).toMatchObject({
      status: 429,
      body: { error: 'too many writes: try again later' },
    });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
  }

  it('cuts guessing through POST off at the limit, on every instance, storing no junk past it', async () => {
    const victim = authRecord(1);
    expect((await post('/authentication', victim, '10.1.0.99')).status).toBe(200);
    const before = await storedKeys();
    // Each guess is a lookupKey computed from a username and a candidate password. A miss is
    // stored (200), a hit would say 409: both spend the guesser's budget, on either instance.
    const guesses = Array.from({ length: 8 }, (_, i) => ({ ...authRecord(100 + i) }));
    const answers: Answer[] = [];
    for (const [i, guess] of guesses.entries()) {
      answers.push(await post('/authentication', guess, '10.1.0.1', i % 2 ? second : first));
    }
    expect(answers.slice(0, WRITES_PER_ADDRESS).map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of answers.slice(WRITES_PER_ADDRESS)) expectLimited(answer);
    // Past the limit, the right guess is told nothing: 429, not 409.
    expectLimited(await post('/authentication', victim, '10.1.0.1', second));

    const after = await storedKeys();
    expect(after.size - before.size).toBe(WRITES_PER_ADDRESS);
    for (const guess of guesses.slice(WRITES_PER_ADDRESS)) {
      expect(after.has(guess.lookupKey)).toBe(false);
    }
    // Another address still writes.
    expect((await post('/authentication', authRecord(120), '10.1.0.2')).status).toBe(200);
  });

  it('counts password changes (oldLookupKey), and its 404, against the address', async () => {
    const own = authRecord(200);
    expect((await post('/authentication', own, '10.2.0.99')).status).toBe(200);
    const replaceMissing = (i: number) => ({
      ...authRecord(210 + i),
      oldLookupKey: hex(290 + i, 64),
    });
    for (let i = 0; i < WRITES_PER_ADDRESS; i++) {
      expect((await post('/authentication', replaceMissing(i), '10.2.0.1')).status).toBe(404);
    }
    // A replace that would succeed is refused too, and the record stays as it was.
    const next = { ...authRecord(220), oldLookupKey: own.lookupKey };
    expectLimited(await post('/authentication', next, '10.2.0.1'));
    expect((await lookup(own.lookupKey, '10.2.0.50')).body).toEqual(own);
  });

  it('holds one lookupKey to its budget across addresses, as new key and as old key', async () => {
    const victim = authRecord(300);
    expect((await post('/authentication', victim, '10.3.0.99')).status).toBe(200);
    // Many addresses (a botnet) posting the same guessed lookupKey: 409 until the key's budget,
    // which the victim's own sign-up above has already spent one of.
    for (let i = 1; i < WRITES_PER_LOOKUP_KEY; i++) {
      const guess = { ...authRecord(310 + i), lookupKey: victim.lookupKey };
      expect((await post('/authentication', guess, `10.3.1.${i}`)).status).toBe(409);
    }
    const last = { ...authRecord(319), lookupKey: victim.lookupKey };
    expectLimited(await post('/authentication', last, '10.3.1.200'));
    // Naming it as the record to replace is counted on the same key: no takeover past the limit.
    const takeover = { ...authRecord(320), oldLookupKey: victim.lookupKey };
    expectLimited(await post('/authentication', takeover, '10.3.1.201'));
    expect((await lookup(victim.lookupKey, '10.3.0.50')).body).toEqual(victim);
    expect((await storedKeys()).has(takeover.lookupKey)).toBe(false);

    // A guessed oldLookupKey (404 while missing) spends its own key's budget from anywhere.
    const guessedOld = hex(330, 64);
    for (let i = 0; i < WRITES_PER_LOOKUP_KEY; i++) {
      const attempt = { ...authRecord(340 + i), oldLookupKey: guessedOld };
      expect((await post('/authentication', attempt, `10.3.2.${i}`)).status).toBe(404);
    }
    expectLimited(
      await post('/authentication', { ...authRecord(350), oldLookupKey: guessedOld }, '10.3.2.200'),
    );
  });

  it('gives writes and lookups separate budgets', async () => {
    for (let i = 0; i < 3; i++)
      expect((await lookup(hex(400 + i, 64), '10.4.0.1')).status).toBe(404);
    expect((await lookup(hex(403, 64), '10.4.0.1')).status).toBe(429);
    // The lookups did not touch the write budget, which runs out on its own count.
    for (let i = 0; i < WRITES_PER_ADDRESS; i++) {
      expect((await post('/authentication', authRecord(410 + i), '10.4.0.1')).status).toBe(200);
    }
    expectLimited(await post('/authentication', authRecord(420), '10.4.0.1'));
    // And the writes did not touch another address's lookups.
    expect((await lookup(hex(404, 64), '10.4.0.2')).status).toBe(404);
  });

  it('spends the address budget on POST /users, shared with POST /authentication', async () => {
    const user = (i: number) => ({
      username: `probe-${i}`,
      walletAddress: `0x${hex(500 + i, 40)}`,
    });
    for (let i = 0; i < WRITES_PER_ADDRESS; i++) {
      expect((await post(i % 2 ? '/user' : '/users', user(i), '10.5.0.1')).status).toBe(200);
    }
    expectLimited(await post('/users', user(9), '10.5.0.1'));
    expectLimited(await post('/authentication', authRecord(510), '10.5.0.1'));
    const usernames = (await engine.dump(databaseUrl)).users.map((row) => row.username_key);
    expect(usernames).not.toContain('probe-9');
  });
});
