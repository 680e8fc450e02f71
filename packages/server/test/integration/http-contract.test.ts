// The HTTP contract of the persistence backend, on a real server, once per database engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { authRecord, call, hex } from '../../../../tests/support/backend/http.ts';
import { NO_RATE_LIMIT } from '../../../../tests/support/no-rate-limit.ts';
import { type RunningServer, startServer } from '../../src/index.ts';

const address = (seed: number): string => `0x${hex(seed, 40)}`;

describe.each(ENGINES.map((make) => make()))('backend contract on $name', (engine) => {
  let server: RunningServer;
  let databaseUrl: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    server = await startServer({
      databaseUrl,
      rateLimit: NO_RATE_LIMIT,
      log: (line) => logLines.push(line),
    });
  });
  afterAll(async () => {
    await server?.close();
    await engine.stop();
  });

  const post = (path: string, json: unknown) =>
    call(`${server.url}${path}`, { method: 'POST', json });
  const lookup = (key: string) => call(`${server.url}/authentication?lookupKey=${key}`);

  it('reports its engine on /health', async () => {
    expect(await call(`${server.url}/health`)).toMatchObject({
      status: 200,
      body: { ok: true, engine: engine.name },
    });
  });

  it('stores a record and returns it by lookupKey, uncached', async () => {
    const record = authRecord(1);
    expect(await post('/authentication', record)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const answer = await lookup(record.lookupKey);
    expect(answer).toMatchObject({ status: 200, body: record });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 with a JSON error for an unknown lookupKey', async () => {
    expect(await lookup(hex(999, 64))).toEqual({
      status: 404,
      headers: expect.any(Headers),
      body: { error: 'lookupKey: no record has this lookupKey' },
    });
  });

  it('never overwrites a record: a second insert is 409 and the first stays', async () => {
    const first = authRecord(2);
    await post('/authentication', first);
    const second = { ...authRecord(3), lookupKey: first.lookupKey };
    expect(await post('/authentication', second)).toMatchObject({
      status: 409,
      body: { error: 'lookupKey: a record with this lookupKey already exists' },
    });
    // Hex is case-insensitive: the same key in capitals is the same record.
    const shouted = { ...second, lookupKey: first.lookupKey.toUpperCase() };
    expect((await post('/authentication', shouted)).status).toBe(409);
    expect((await lookup(first.lookupKey.toUpperCase())).body).toEqual(first);
  });

  it('replaces a record in one step on password change', async () => {
    const old = authRecord(4);
    await post('/authentication', old);
    const next = authRecord(5);
    expect(await post('/authentication', { ...next, oldLookupKey: old.lookupKey })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await lookup(old.lookupKey)).status).toBe(404);
    expect((await lookup(next.lookupKey)).body).toEqual(next);
  });

  it('answers 404 when the record to replace does not exist, storing nothing', async () => {
    const before = await engine.dump(databaseUrl);
    const next = authRecord(6);
    expect(await post('/authentication', { ...next, oldLookupKey: hex(998, 64) })).toMatchObject({
      status: 404,
      body: { error: 'oldLookupKey: no record has this lookupKey' },
    });
    expect(await engine.dump(databaseUrl)).toEqual(before);
  });

  it('rolls the replacement back when the new lookupKey is taken', async () => {
    const old = authRecord(7);
    const taken = authRecord(8);
    await post('/authentication', old);
    await post('/authentication', taken);
    const before = await engine.dump(databaseUrl);
    const attempt = { ...authRecord(9), lookupKey: taken.lookupKey, oldLookupKey: old.lookupKey };
    expect((await post('/authentication', attempt)).status).toBe(409);
    expect(await engine.dump(databaseUrl)).toEqual(before);
    expect((await lookup(old.lookupKey)).body).toEqual(old);
  });

  it('lets a replacement keep the same lookupKey (new iv, same password)', async () => {
    const old = authRecord(10);
    await post('/authentication', old);
    const next = { ...authRecord(11), lookupKey: old.lookupKey };
    expect((await post('/authentication', { ...next, oldLookupKey: old.lookupKey })).status).toBe(
      200,
    );
    expect((await lookup(old.lookupKey)).body).toEqual(next);
  });

  describe('users', () => {
    it('registers a username, and a retry with the same address succeeds', async () => {
      const user = { username: 'ann', walletAddress: address(1) };
      expect(await post('/users', user)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await post('/users', user)).toMatchObject({ status: 200, body: { ok: true } });
    });

    it('compares usernames and addresses case-insensitively, trimming usernames', async () => {
      const walletAddress = `0x${'ab'.repeat(20)}`;
      await post('/users', { username: 'Bob', walletAddress });
      const again = {
        username: '  bOB ',
        walletAddress: walletAddress.toUpperCase().replace('0X', '0x'),
      };
      expect((await post('/users', again)).status).toBe(200);
      const rows = (await engine.dump(databaseUrl)).users.filter((u) => u.username_key === 'bob');
      expect(rows).toEqual([
        { username_key: 'bob', username: 'Bob', wallet_address: walletAddress },
      ]);
    });

    it('refuses the same username with another address (409), keeping the first', async () => {
      await post('/users', { username: 'cat', walletAddress: address(2) });
      expect(await post('/users', { username: 'cat', walletAddress: address(3) })).toMatchObject({
        status: 409,
        body: { error: 'username: already registered to another wallet address' },
      });
      const cat = (await engine.dump(databaseUrl)).users.find((u) => u.username_key === 'cat');
      expect(cat?.wallet_address).toBe(address(2));
    });

    it('serves the original client path /user as an alias', async () => {
      const user = { username: 'dee', walletAddress: address(4) };
      expect((await post('/user', user)).status).toBe(200);
      expect((await post('/users', { ...user, walletAddress: address(5) })).status).toBe(409);
    });
  });

  describe('validation', () => {
    const good = authRecord(50);
    const goodUser = { username: 'eve', walletAddress: address(6) };
    const authCases: [string, unknown, string][] = [
      ['missing iv', { ...good, iv: undefined }, 'iv: is required'],
      ['numeric iv', { ...good, iv: 5 }, 'iv: must be a string'],
      ['short iv', { ...good, iv: 'a'.repeat(31) }, 'iv: must be exactly 32 hex characters'],
      ['long iv', { ...good, iv: 'a'.repeat(33) }, 'iv: must be exactly 32 hex characters'],
      [
        'non-hex iv',
        { ...good, iv: 'g'.repeat(32) },
        'iv: must contain only hex characters (0-9, a-f)',
      ],
      ['missing cipherText', { ...good, cipherText: undefined }, 'cipherText: is required'],
      ['null cipherText', { ...good, cipherText: null }, 'cipherText: must be a string'],
      [
        'empty cipherText',
        { ...good, cipherText: '' },
        'cipherText: must be at least 32 hex characters (one AES block)',
      ],
      [
        'partial block',
        { ...good, cipherText: 'a'.repeat(48) },
        'cipherText: must be a multiple of 32 hex characters (whole AES blocks)',
      ],
      [
        'cipherText over 1024',
        { ...good, cipherText: 'a'.repeat(1056) },
        'cipherText: must be at most 1024 hex characters',
      ],
      [
        'non-hex cipherText',
        { ...good, cipherText: 'x'.repeat(32) },
        'cipherText: must contain only hex characters (0-9, a-f)',
      ],
      ['missing lookupKey', { ...good, lookupKey: undefined }, 'lookupKey: is required'],
      [
        'short lookupKey',
        { ...good, lookupKey: 'a'.repeat(63) },
        'lookupKey: must be exactly 64 hex characters',
      ],
      [
        'non-hex lookupKey',
        { ...good, lookupKey: `${'a'.repeat(63)}z` },
        'lookupKey: must contain only hex characters (0-9, a-f)',
      ],
      [
        'bad oldLookupKey',
        { ...good, oldLookupKey: 'abc' },
        'oldLookupKey: must be exactly 64 hex characters',
      ],
      ['unknown field', { ...good, password: 'hunter2' }, 'password: is not a known field'],
      ['array body', [good], 'body: must be a JSON object'],
      ['string body', 'hello', 'body: must be a JSON object'],
      ['null body', null, 'body: must be a JSON object'],
      [
        'two faults',
        { ...good, iv: 1, lookupKey: 2 },
        'iv: must be a string; lookupKey: must be a string',
      ],
    ];
    it.each(authCases)('POST /authentication: %s', async (_name, body, error) => {
      expect(await post('/authentication', body)).toMatchObject({ status: 400, body: { error } });
    });

    const userCases: [string, unknown, string][] = [
      ['missing username', { walletAddress: goodUser.walletAddress }, 'username: is required'],
      ['blank username', { ...goodUser, username: '   ' }, 'username: must not be empty'],
      [
        'long username',
        { ...goodUser, username: 'u'.repeat(129) },
        'username: must be at most 128 characters after trimming',
      ],
      ['numeric username', { ...goodUser, username: 7 }, 'username: must be a string'],
      ['missing address', { username: 'eve' }, 'walletAddress: is required'],
      [
        'short address',
        { ...goodUser, walletAddress: '0x1234' },
        'walletAddress: must be 0x followed by 40 hex characters',
      ],
      [
        'address without 0x',
        { ...goodUser, walletAddress: hex(1, 42) },
        'walletAddress: must be 0x followed by 40 hex characters',
      ],
      ['unknown field', { ...goodUser, email: 'e@x' }, 'email: is not a known field'],
      ['array body', [], 'body: must be a JSON object'],
    ];
    it.each(userCases)('POST /users and /user: %s', async (_name, body, error) => {
      for (const path of ['/users', '/user']) {
        expect(await post(path, body)).toMatchObject({ status: 400, body: { error } });
      }
    });

    it('refuses a username with a NUL character (PostgreSQL text cannot hold one) as 400', async () => {
      for (const path of ['/users', '/user']) {
        expect(
          await post(path, { username: 'nul\u0000name', walletAddress: address(8) }),
        ).toMatchObject({
          status: 400,
          body: { error: 'username: must not contain NUL characters' },
        });
      }
    });

    it('accepts a username of exactly 128 characters after trimming', async () => {
      const username = `  ${'u'.repeat(128)}  `;
      expect((await post('/users', { username, walletAddress: address(7) })).status).toBe(200);
    });

    const queryCases: [string, string, string][] = [
      ['missing lookupKey', '', 'lookupKey: is required'],
      ['empty lookupKey', '?lookupKey=', 'lookupKey: must be exactly 64 hex characters'],
      [
        'short lookupKey',
        `?lookupKey=${'a'.repeat(10)}`,
        'lookupKey: must be exactly 64 hex characters',
      ],
      [
        'non-hex lookupKey',
        `?lookupKey=${'q'.repeat(64)}`,
        'lookupKey: must contain only hex characters (0-9, a-f)',
      ],
      [
        'repeated lookupKey',
        `?lookupKey=${good.lookupKey}&lookupKey=${good.lookupKey}`,
        'lookupKey: must be given once',
      ],
    ];
    it.each(queryCases)('GET /authentication: %s', async (_name, query, error) => {
      expect(await call(`${server.url}/authentication${query}`)).toMatchObject({
        status: 400,
        body: { error },
      });
    });

    it('answers 415 to a body that is not declared as JSON', async () => {
      const answer = await call(`${server.url}/authentication`, {
        method: 'POST',
        body: JSON.stringify(good),
        headers: { 'content-type': 'text/plain' },
      });
      expect(answer).toMatchObject({
        status: 415,
        body: { error: 'content-type: must be application/json' },
      });
    });

    it.each([
      ['not JSON', '{"iv": ', 'body: is not valid JSON'],
      ['empty', '', 'body: is required'],
    ])('answers 400 to a body that is %s', async (_name, body, error) => {
      const answer = await call(`${server.url}/users`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(answer).toMatchObject({ status: 400, body: { error } });
    });

    it('answers 400 to a body that is not UTF-8', async () => {
      const response = await fetch(`${server.url}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      });
      expect([response.status, await response.json()]).toEqual([
        400,
        { error: 'body: is not valid UTF-8' },
      ]);
    });

    it('answers 413 to a body over 4 KiB, declared or streamed without a length', async () => {
      const big = JSON.stringify({ ...goodUser, username: 'x'.repeat(5000) });
      const declared = await call(`${server.url}/users`, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(declared).toMatchObject({
        status: 413,
        body: { error: 'body: must be at most 4096 bytes' },
      });

      // Chunked upload: no Content-Length, so only counting the bytes read can catch it.
      const bytes = new TextEncoder().encode(big);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
          controller.close();
        },
      });
      const streamed = await fetch(`${server.url}/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect([streamed.status, await streamed.json()]).toEqual([
        413,
        { error: 'body: must be at most 4096 bytes' },
      ]);
    });

    it('accepts a body of exactly 4096 bytes', async () => {
      const base = JSON.stringify({ username: '', walletAddress: address(8) });
      const body = JSON.stringify({
        username: `${'n'.repeat(100)}${' '.repeat(4096 - base.length - 100)}`,
        walletAddress: address(8),
      });
      expect(body.length).toBe(4096);
      const answer = await call(`${server.url}/users`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(200);
    });
  });

  it('answers unknown routes 404 and wrong methods 405, always as JSON', async () => {
    expect(await call(`${server.url}/nope`)).toMatchObject({
      status: 404,
      body: { error: 'path: no such route' },
    });
    const wrong = await call(`${server.url}/users`, { method: 'DELETE' });
    expect(wrong).toMatchObject({
      status: 405,
      body: { error: 'method: DELETE is not allowed here' },
    });
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.headers.get('content-type')).toContain('application/json');
  });

  it('never logs bodies, query strings or unknown paths', async () => {
    const secret = authRecord(77);
    await post('/authentication', secret);
    await lookup(secret.lookupKey);
    await post('/users', { username: 'secret-name', walletAddress: address(9) });
    await call(`${server.url}/${secret.iv}`);
    const log = logLines.join('\n');
    expect(log).toContain('POST /authentication 200');
    expect(log).toContain('GET /authentication 200');
    expect(log).toContain('GET (unknown path) 404');
    for (const value of [
      ...Object.values(secret),
      'secret-name',
      address(9).slice(2),
      'lookupKey=',
    ]) {
      expect(log.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });
});
