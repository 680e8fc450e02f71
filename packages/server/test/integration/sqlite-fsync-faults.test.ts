// Through HTTP, on a SQLite file whose WAL fsync the test holds or fails (the store's `syncFile`
// seam): a GET never answers 200 for a record before its fsync completes, and after an fsync
// error the backend acknowledges nothing more — the writes that fsync covered answer 503
// STORE_WRITE_NOT_DURABLE (not a refusal: they may or may not be on disk), every later write 503
// STORE_WRITES_STOPPED, and /health says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsyncError } from '../../../../tests/support/backend/controlled-fsync.ts';
import { authRecord } from '../../../../tests/support/backend/http.ts';
import {
  type SqliteServerWithFsync,
  startSqliteServerWithFsync,
} from '../support/sqlite-server-with-fsync.ts';

interface Reply {
  status: number;
  body: { error?: string } & Record<string, unknown>;
}

async function send(url: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(
    `${url}${path}`,
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

const lookup = (key: string) => `/authentication?lookupKey=${key}`;
/** The same lookup, made unusual enough that the fast path leaves it to the Hono route. */
const lookupGeneral = (key: string) => `/authentication?lookupKey=${key}&via=general`;

describe('SQLite backend under fsync faults', () => {
  let server: SqliteServerWithFsync;
  beforeEach(async () => {
    server = await startSqliteServerWithFsync({
      rateLimit: { perAddress: 1_000, writesPerAddress: 1_000 },
    });
  });
  afterEach(() => server.close());

  it('answers no GET 200 for a record before its fsync, on either path', async () => {
    const record = authRecord(1);
    server.fsync.hold = true;
    const posted = send(server.url, '/authentication', record);
    for (let i = 0; i < 100 && server.fsync.held.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(server.fsync.held).toHaveLength(1);
    // The record is committed; its fsync is held.
    const answers: string[] = [];
    const reads = [lookup, lookupGeneral].map((path) =>
      send(server.url, path(record.lookupKey)).then((reply) => {
        answers.push(`${reply.status}`);
        return reply;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers).toEqual([]);
    server.fsync.release();
    for (const reply of await Promise.all(reads)) {
      expect(reply).toEqual({ status: 200, body: record });
    }
    expect((await posted).status).toBe(200);
  });

  it('after an fsync error, refuses every write with 503 and says so in /health', async () => {
    const before = authRecord(1);
    expect((await send(server.url, '/authentication', before)).status).toBe(200);

    server.fsync.failNext = fsyncError();
    const failed = authRecord(2);
    const post = await send(server.url, '/authentication', failed);
    expect(post.status).toBe(503);
    expect(post.body.error).toContain('STORE_WRITE_NOT_DURABLE');
    // Its record is neither served nor denied, and a retry is not told it exists (409).
    for (const path of [lookup, lookupGeneral]) {
      const read = await send(server.url, path(failed.lookupKey));
      expect(read.status).toBe(503);
      expect(read.body.error).toContain('STORE_WRITE_NOT_DURABLE');
    }
    // Every later write is refused, though the next fsync would succeed.
    for (const [path, body] of [
      ['/authentication', failed],
      ['/authentication', authRecord(3)],
      ['/authentication', { ...authRecord(4), oldLookupKey: before.lookupKey }],
      ['/users', { username: 'ann', walletAddress: `0x${'a'.repeat(40)}` }],
    ] as const) {
      const reply = await send(server.url, path, body);
      expect(reply.status).toBe(503);
      expect(reply.body.error).toContain('STORE_WRITES_STOPPED');
    }
    const health = await send(server.url, '/health');
    expect(health.status).toBe(503);
    expect(health.body.error).toContain('STORE_WRITES_STOPPED');
    // What was durable before the error is still served.
    expect(await send(server.url, lookup(before.lookupKey))).toEqual({ status: 200, body: before });
  });
});
