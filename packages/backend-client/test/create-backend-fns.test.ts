import { BackendError } from '@encore-wallet/contract';
import { describe, expect, it } from 'vitest';
import { createBackendFns, type FetchLike } from '../src/index.ts';

const record = { iv: 'a'.repeat(32), cipherText: 'b'.repeat(64), lookupKey: 'c'.repeat(64) };

interface Seen {
  url: string;
  init: RequestInit;
}

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers,
    });
  };
  return { fetch, seen };
}

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
}

describe('createBackendFns', () => {
  it('GETs the record by lookupKey and returns iv and cipherText', async () => {
    const { fetch, seen } = answering(200, { ...record, id: 7 });
    const fns = createBackendFns({ baseUrl: 'http://backend.test/', fetch });
    await expect(fns.getFn({ lookupKey: record.lookupKey })).resolves.toEqual({
      iv: record.iv,
      cipherText: record.cipherText,
    });
    expect(seen[0]?.url).toBe(`http://backend.test/authentication?lookupKey=${record.lookupKey}`);
    expect(seen[0]?.init.method).toBe('GET');
  });

  it('turns 404 into null', async () => {
    const { fetch } = answering(404, { error: 'no record' });
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    await expect(fns.getFn({ lookupKey: record.lookupKey })).resolves.toBeNull();
  });

  it('refuses a 200 whose body is not a record', async () => {
    const { fetch } = answering(200, { iv: 'nope' });
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    const error = await rejection(fns.getFn({ lookupKey: record.lookupKey }));
    expect(error.status).toBe(200);
  });

  it('POSTs JSON records and users, succeeding only on 200', async () => {
    const { fetch, seen } = answering(200, { ok: true });
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    await expect(fns.setAuthFn(record)).resolves.toEqual({ ok: true });
    await fns.setUserFn({ username: 'ann', walletAddress: `0x${'1'.repeat(40)}` });
    expect(seen.map((s) => s.url)).toEqual([
      'http://backend.test/authentication',
      'http://backend.test/users',
    ]);
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual(record);
    expect(new Headers(seen[0]?.init.headers).get('content-type')).toBe('application/json');
  });

  it('treats 201 and 404 on POST as failures', async () => {
    for (const status of [201, 404]) {
      const { fetch } = answering(status, { error: `said ${status}` });
      const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
      const error = await rejection(fns.setAuthFn(record));
      expect([error.status, error.message]).toEqual([status, `said ${status}`]);
    }
  });

  it('carries the error text and Retry-After of a 429', async () => {
    const { fetch } = answering(429, { error: 'too many requests' }, { 'retry-after': '42' });
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    const error = await rejection(fns.getFn({ lookupKey: record.lookupKey }));
    expect(error.status).toBe(429);
    expect(error.message).toBe('too many requests');
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.toJSON()).toMatchObject({ code: 'BACKEND_FAILURE', status: 429 });
  });

  it('describes a non-JSON error body by its status', async () => {
    const { fetch } = answering(502, '<html>bad gateway</html>');
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    const error = await rejection(fns.setUserFn({ username: 'a', walletAddress: '0x' }));
    expect(error.status).toBe(502);
    expect(error.message).toContain('502');
  });

  it('maps a network failure to status 0 without leaking the lookupKey', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch });
    const error = await rejection(fns.getFn({ lookupKey: record.lookupKey }));
    expect(error.status).toBe(0);
    expect(error.message).toContain('fetch failed');
    expect(error.message).not.toContain(record.lookupKey);
    expect(error.timedOut).toBe(false);
  });

  it('times out a request that never answers', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted')));
      });
    const fns = createBackendFns({ baseUrl: 'http://backend.test', fetch, timeoutMs: 20 });
    const error = await rejection(fns.setAuthFn(record));
    expect(error.status).toBe(0);
    expect(error.message).toContain('within 20 ms');
    // Told apart from a failed connection: the popup says "did not answer in time".
    expect(error.toJSON()).toMatchObject({ status: 0, timedOut: true });
  });
});
