// Hedged catalog requests, on a fake clock: each host answers after a delay the test sets, so
// "after the hedge delay" and "before it" are exact instead of timed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatalogClient, createCatalogClient, resetHostMemory } from '../src/index.ts';

type Behaviour = { after: number; status?: number } | 'refuse';

interface Sent {
  host: string;
  path: string;
  at: number;
  aborted: boolean;
}

const HOSTS = ['http://a.test', 'http://b.test', 'http://c.test'];
const LIST = 'http://list.test/';
const USER = { id: 'u1', handle: 'velvet', name: 'Velvet' };

/** A fetch where each host answers `/v1/users/u1` after its own delay (fake time). */
function fakeHosts(behaviour: Record<string, Behaviour>) {
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = (input: string, init?: RequestInit): Promise<Response> => {
    if (input === LIST) return Promise.resolve(Response.json({ data: HOSTS }));
    const url = new URL(input);
    const host = url.origin;
    const entry: Sent = { host, path: url.pathname, at: Date.now(), aborted: false };
    sent.push(entry);
    const how = behaviour[host] ?? { after: 5 };
    if (how === 'refuse') return Promise.reject(new TypeError('fetch failed: ECONNREFUSED'));
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        inFlight -= 1;
        const status = how.status ?? 200;
        resolve(
          Response.json(status === 200 ? { data: { ...USER, host } } : { error: 'no such user' }, {
            status,
          }),
        );
      }, how.after);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        inFlight -= 1;
        entry.aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  return { fetch, sent, maxInFlight: () => maxInFlight };
}

/** The first host in the usable pool: tests decide which host is chosen first. */
function client(fetch: ReturnType<typeof fakeHosts>['fetch']): CatalogClient {
  return createCatalogClient({ hostListUrl: LIST, appName: 't', fetch, random: () => 0 });
}

/** Resolves with the value and the fake time it took, advancing the clock in small steps. */
async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  let done: { value: T } | { error: unknown } | null = null;
  work.then(
    (value) => {
      done = { value };
    },
    (error: unknown) => {
      done = { error };
    },
  );
  for (let i = 0; i < 10_000 && !done; i++) await vi.advanceTimersByTimeAsync(1);
  const result = done as { value: T } | { error: unknown } | null;
  if (!result) throw new Error('never settled');
  if ('error' in result) throw result.error;
  return { value: result.value, ms: Date.now() - start };
}

beforeEach(() => {
  vi.useFakeTimers();
  resetHostMemory();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hedged requests', () => {
  it('sends nothing extra when the chosen host answers within the delay', async () => {
    const hosts = fakeHosts({});
    const c = client(hosts.fetch);
    for (let i = 0; i < 5; i++) await timed(c.getUser('u1'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(hosts.sent.map((s) => s.host)).toEqual(Array(5).fill(HOSTS[0]));
  });

  it('asks a second host after the delay; the first answer wins and the loser is aborted', async () => {
    const hosts = fakeHosts({ [HOSTS[0]!]: { after: 2_000 }, [HOSTS[1]!]: { after: 20 } });
    const { value, ms } = await timed(client(hosts.fetch).getUser('u1'));
    expect((value as unknown as { host: string }).host).toBe(HOSTS[1]);
    // A fresh client waits the initial 300 ms, then the second host takes 20 ms.
    expect(ms).toBe(320);
    expect(hosts.sent.map((s) => [s.host, s.at - hosts.sent[0]!.at, s.aborted])).toEqual([
      [HOSTS[0], 0, true],
      [HOSTS[1], 300, false],
    ]);
  });

  it('keeps using the host that won', async () => {
    const hosts = fakeHosts({ [HOSTS[0]!]: { after: 2_000 } });
    const c = client(hosts.fetch);
    await timed(c.getUser('u1'));
    expect(await c.host()).toBe(HOSTS[1]);
    await timed(c.getUser('u1'));
    expect(hosts.sent.map((s) => s.host)).toEqual([HOSTS[0], HOSTS[1], HOSTS[1]]);
  });

  it('never has more than two requests in flight, and tries at most three hosts', async () => {
    const hosts = fakeHosts({
      [HOSTS[0]!]: { after: 3_000 },
      [HOSTS[1]!]: { after: 3_000 },
      [HOSTS[2]!]: { after: 10 },
    });
    const { value, ms } = await timed(client(hosts.fetch).getUser('u1'));
    // Two slow hosts in flight: the third is only asked once one of them is gone.
    expect(hosts.maxInFlight()).toBe(2);
    expect(hosts.sent).toHaveLength(2);
    expect((value as unknown as { host: string }).host).toBe(HOSTS[0]);
    expect(ms).toBe(3_000);
  });

  it('derives the delay from recent answers: twice the median, within 150-400 ms', async () => {
    for (const [usual, delay] of [
      [10, 150],
      [100, 200],
      [250, 400],
    ] as const) {
      resetHostMemory();
      const stalled = fakeHosts({ [HOSTS[0]!]: { after: 5_000 } });
      // Five answers at the usual latency, then the chosen host stalls.
      const teach = fakeHosts({ [HOSTS[0]!]: { after: usual } });
      let useStalled = false;
      const mixed = createCatalogClient({
        hostListUrl: LIST,
        appName: 't',
        random: () => 0,
        fetch: (input, init) => (useStalled ? stalled : teach).fetch(input, init),
      });
      for (let i = 0; i < 5; i++) await timed(mixed.getUser('u1'));
      useStalled = true;
      await timed(mixed.getUser('u1'));
      expect(
        stalled.sent.map((s) => s.at - stalled.sent[0]!.at),
        `usual ${usual} ms`,
      ).toEqual([0, delay]);
    }
  });

  it('remembers a host that lost: a new client picks it only when nothing else is left', async () => {
    const hosts = fakeHosts({ [HOSTS[0]!]: { after: 2_000 } });
    await timed(client(hosts.fetch).getUser('u1'));
    const next = client(hosts.fetch);
    expect(await next.host()).toBe(HOSTS[1]);
    // Hosts that are known bad still come after a slow one.
    const onlySlow = fakeHosts({ [HOSTS[1]!]: 'refuse', [HOSTS[2]!]: 'refuse' });
    await timed(client(onlySlow.fetch).getUser('u1'));
    expect(await client(onlySlow.fetch).host()).toBe(HOSTS[0]);
  });

  it('moves on at once after a transient failure, without waiting for the delay', async () => {
    const hosts = fakeHosts({ [HOSTS[0]!]: 'refuse', [HOSTS[1]!]: { after: 10 } });
    const { ms } = await timed(client(hosts.fetch).getUser('u1'));
    expect(ms).toBe(10);
    expect(hosts.sent.map((s) => s.host)).toEqual([HOSTS[0], HOSTS[1]]);
  });

  it('never retries or hedges a 4xx', async () => {
    const hosts = fakeHosts({ [HOSTS[0]!]: { after: 50, status: 404 } });
    const error = await timed(client(hosts.fetch).getUser('u1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CATALOG_HTTP_ERROR', status: 404 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(hosts.sent).toHaveLength(1);
  });

  it('a 4xx that arrives while a hedge is in flight is the answer, and the other is aborted', async () => {
    const hosts = fakeHosts({
      [HOSTS[0]!]: { after: 2_000 },
      [HOSTS[1]!]: { after: 30, status: 404 },
    });
    const c = client(hosts.fetch);
    const error = await timed(c.getUser('u1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CATALOG_HTTP_ERROR', status: 404, host: HOSTS[1] });
    expect(hosts.sent.map((s) => [s.host, s.aborted])).toEqual([
      [HOSTS[0], true],
      [HOSTS[1], false],
    ]);
    // The refusal is about the host that gave it (the wallet lookup picks its route by it).
    expect(await c.host()).toBe(HOSTS[1]);
    // And the host it beat is remembered as slow.
    expect(await client(hosts.fetch).host()).toBe(HOSTS[1]);
  });

  it('fails with the last error when every host fails', async () => {
    const hosts = fakeHosts({
      [HOSTS[0]!]: 'refuse',
      [HOSTS[1]!]: 'refuse',
      [HOSTS[2]!]: 'refuse',
    });
    const error = await timed(client(hosts.fetch).getUser('u1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CATALOG_NETWORK_ERROR' });
    expect(hosts.sent).toHaveLength(3);
  });
});
