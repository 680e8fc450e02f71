import { describe, expect, it } from 'vitest';
import { CANCELLED_STATUS, cancellableFetch, sharedHostList } from '../../../lib/library/index.ts';

const never = (): Promise<Response> => new Promise(() => undefined);

describe('cancellable fetch', () => {
  it('answers 499 at once on cancel, even from a fetch that ignores its signal', async () => {
    const leave = new AbortController();
    const pending = cancellableFetch(never, leave.signal)('http://h/v1/x');
    leave.abort();
    expect((await pending).status).toBe(CANCELLED_STATUS);
    // After the cancel, nothing more is sent.
    let sent = 0;
    const counting = async (): Promise<Response> => {
      sent++;
      return new Response('{}');
    };
    expect((await cancellableFetch(counting, leave.signal)('http://h/v1/y')).status).toBe(499);
    expect(sent).toBe(0);
  });

  it('passes a real failure on (the client decides about the host)', async () => {
    const failing = async (): Promise<Response> => {
      throw new TypeError('connection refused');
    };
    await expect(
      cancellableFetch(failing, new AbortController().signal)('http://h/v1/x'),
    ).rejects.toThrow('connection refused');
  });
});

describe('shared host list', () => {
  it('fetches the host list once per page and asks again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const base = async (input: string): Promise<Response> => {
      calls++;
      if (input.endsWith('/list') && fail) return new Response('', { status: 503 });
      return Response.json({ data: ['http://h'] });
    };
    const fetchFn = sharedHostList(base, 'http://l/list', 1000);
    expect((await fetchFn('http://l/list')).status).toBe(503);
    fail = false;
    expect(await (await fetchFn('http://l/list')).json()).toEqual({ data: ['http://h'] });
    await fetchFn('http://l/list');
    expect(calls).toBe(2);
    await fetchFn('http://h/v1/users/1');
    expect(calls).toBe(3);
  });
});
