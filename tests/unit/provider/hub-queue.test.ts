import { describe, expect, it } from 'vitest';
import {
  ApprovalQueue,
  type ApprovalWindowControl,
  MAX_PENDING_PER_ORIGIN,
} from '../../../lib/extension/approvals/index.ts';
import type { RuntimePort } from '../../../lib/extension/protocol/index.ts';
import { ProviderHub, toProviderError } from '../../../lib/extension/rpc/index.ts';
import { fakeWorld, WALLET } from './support/fake-deps.ts';
import { tick } from './support/fake-window.ts';

function fakePort() {
  const sent: {
    kind: string;
    event?: string;
    id?: string;
    data?: unknown;
    result?: unknown;
    error?: { code: number };
  }[] = [];
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port: RuntimePort & { sent: typeof sent; send(m: unknown): void; drop(): void } = {
    sent,
    postMessage: (m) => sent.push(m as (typeof sent)[number]),
    onMessage: { addListener: (cb) => onMessage.push(cb) },
    onDisconnect: { addListener: (cb) => onDisconnect.push(cb) },
    send: (m) => {
      for (const cb of onMessage) cb(m);
    },
    drop: () => {
      for (const cb of onDisconnect) cb();
    },
  };
  return port;
}

const events = (port: ReturnType<typeof fakePort>, name: string) =>
  port.sent.filter((m) => m.kind === 'event' && m.event === name).map((m) => m.data);

describe('provider hub', () => {
  it('sends each port its state on connect and answers on the same port', async () => {
    const world = fakeWorld();
    world.connected.set('http://a.test', 1);
    const hub = new ProviderHub(world.deps);
    const a = fakePort();
    const b = fakePort();
    hub.accept(a, 'http://a.test');
    hub.accept(b, 'http://b.test');
    await tick();
    expect(events(a, 'state')).toEqual([
      { chainId: '0x1', accounts: [WALLET.address.toLowerCase()] },
    ]);
    expect(events(b, 'state')).toEqual([{ chainId: '0x1', accounts: [] }]);
    b.send({
      kind: 'request',
      id: 'r1',
      method: 'personal_sign',
      params: ['0x00', WALLET.address],
    });
    await tick();
    expect(b.sent.at(-1)).toMatchObject({ kind: 'response', id: 'r1', error: { code: 4100 } });
    expect(a.sent.some((m) => m.kind === 'response')).toBe(false);
  });

  it('revoking one site and logging out emit accountsChanged only where the view changed', async () => {
    const world = fakeWorld();
    world.connected.set('http://a.test', 1);
    world.connected.set('http://b.test', 1);
    const hub = new ProviderHub(world.deps);
    const [a, b, c] = [fakePort(), fakePort(), fakePort()];
    hub.accept(a, 'http://a.test');
    hub.accept(b, 'http://b.test');
    hub.accept(c, 'http://c.test');
    await tick();
    world.connected.delete('http://a.test');
    await hub.refreshAccounts();
    expect(events(a, 'accountsChanged')).toEqual([[]]);
    expect(events(b, 'accountsChanged')).toEqual([]);
    world.loggedIn = false;
    await hub.refreshAccounts();
    expect(events(a, 'accountsChanged')).toEqual([[]]);
    expect(events(b, 'accountsChanged')).toEqual([[]]);
    expect(events(c, 'accountsChanged')).toEqual([]);
    hub.chainChanged(11155111);
    expect(events(c, 'chainChanged')).toEqual(['0xaa36a7']);
  });

  it('answers a request with an empty or oversized method name with 4200, never leaving it pending', async () => {
    const world = fakeWorld();
    const hub = new ProviderHub(world.deps);
    const a = fakePort();
    hub.accept(a, 'http://a.test');
    await tick();
    a.send({ kind: 'request', id: 'r1', method: '' });
    a.send({ kind: 'request', id: 'r2', method: 'x'.repeat(5000) });
    await tick();
    const responses = a.sent.filter((m) => m.kind === 'response');
    expect(responses).toMatchObject([
      { id: 'r1', error: { code: 4200 } },
      { id: 'r2', error: { code: 4200 } },
    ]);
  });

  it('ignores malformed port messages and forgets closed ports', async () => {
    const world = fakeWorld();
    const hub = new ProviderHub(world.deps);
    const a = fakePort();
    hub.accept(a, 'http://a.test');
    await tick();
    a.send({ kind: 'request', id: 5, method: 'eth_accounts' });
    a.send('eth_accounts');
    await tick();
    expect(a.sent.filter((m) => m.kind === 'response')).toEqual([]);
    // A closed port hears nothing more: not a chain switch, not an account change.
    a.drop();
    world.connected.set('http://a.test', 1);
    hub.chainChanged(11155111);
    await hub.refreshAccounts();
    expect(a.sent.filter((m) => m.kind === 'event' && m.event !== 'state')).toEqual([]);
  });
});

/** What the site hears when the request ends: the answer the RPC pipeline makes of the error. */
function siteHears(request: Promise<unknown>): Promise<unknown> {
  return request.then(
    () => 'approved',
    (error: unknown) => toProviderError(error).toJSON(),
  );
}

function fakeWindow(): ApprovalWindowControl & { opened: number; closed: number } {
  const control = {
    opened: 0,
    closed: 0,
    open: async () => {
      control.opened += 1;
    },
    close: async () => {
      control.closed += 1;
    },
  };
  return control;
}

describe('approval queue', () => {
  it('opens the window, resolves on approve, rejects 4001 on reject, in order', async () => {
    const win = fakeWindow();
    const queue = new ApprovalQueue(win);
    const first = queue.request('http://a.test', { kind: 'connect' });
    const second = queue.request('http://b.test', { kind: 'connect' });
    expect(win.opened).toBe(2);
    const [one, two] = queue.list();
    expect(one?.origin).toBe('http://a.test');
    expect(queue.resolve(one!.id, true)).toBe(true);
    expect(queue.resolve(one!.id, false)).toBe(false); // already decided
    await expect(first).resolves.toEqual({ passwordConfirmed: false });
    queue.resolve(two!.id, false);
    await expect(second).rejects.toMatchObject({ reason: 'rejected' });
    expect(await siteHears(second)).toMatchObject({ code: 4001 });
    expect(queue.size).toBe(0);
  });

  it('lets one site keep only a few requests waiting (-32002), without touching other sites', async () => {
    const queue = new ApprovalQueue(fakeWindow());
    const waiting = Array.from({ length: MAX_PENDING_PER_ORIGIN }, () =>
      queue.request('http://spam.test', { kind: 'connect' }),
    );
    const tooMany = queue.request('http://spam.test', { kind: 'connect' });
    await expect(tooMany).rejects.toMatchObject({ reason: 'too-many', limit: 5 });
    expect(await siteHears(tooMany)).toMatchObject({ code: -32002 });
    const other = queue.request('http://b.test', { kind: 'connect' });
    expect(queue.size).toBe(MAX_PENDING_PER_ORIGIN + 1);
    // Once one is answered, the site may ask again.
    expect(queue.resolve(queue.list()[0]!.id, false)).toBe(true);
    expect(await siteHears(waiting[0]!)).toMatchObject({ code: 4001 });
    const again = queue.request('http://spam.test', { kind: 'connect' });
    expect(queue.size).toBe(MAX_PENDING_PER_ORIGIN + 1);
    queue.rejectAll('closed');
    await Promise.allSettled([...waiting, other, again]);
  });

  it('closing the window rejects everything with 4001', async () => {
    const queue = new ApprovalQueue(fakeWindow());
    const waiting = [
      queue.request('http://a.test', { kind: 'connect' }),
      queue.request('http://a.test', {
        kind: 'personal_sign',
        message: '0x00',
        address: WALLET.address,
      }),
    ];
    queue.rejectAll('closed');
    for (const request of waiting) {
      await expect(request).rejects.toMatchObject({ reason: 'closed' });
      expect(await siteHears(request)).toMatchObject({
        code: 4001,
        message: 'The approval window was closed.',
      });
    }
  });

  it('drops a request when its site goes away, and login prompts end only by logging in', async () => {
    const queue = new ApprovalQueue(fakeWindow());
    const gone = new AbortController();
    const request = queue.request('http://a.test', { kind: 'connect' }, gone.signal);
    gone.abort();
    await expect(request).rejects.toMatchObject({ reason: 'cancelled' });
    expect(await siteHears(request)).toMatchObject({ code: 4001 });
    const login = queue.request('http://a.test', { kind: 'login', method: 'eth_requestAccounts' });
    const id = queue.list()[0]!.id;
    expect(queue.resolve(id, true)).toBe(false);
    queue.resolveLogins();
    await expect(login).resolves.toEqual({ passwordConfirmed: false });
  });
});
