// A connection belongs to an (account, origin) pair: the worker as the background wires it,
// sites on provider ports, a person using the popup and the approval window.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { memoryBackend } from '../extension/support/memory-backend.ts';
import {
  type SitePort,
  startTestWorker,
  type TestWorker,
  until,
} from '../extension/support/worker.ts';

const PASSWORD = 'violet tram plays 7 encores';
const X = 'https://x.example';
const Y = 'https://y.example';

async function connect(worker: TestWorker, site: SitePort): Promise<unknown> {
  const answer = site.request('eth_requestAccounts');
  await worker.answerNext(true);
  return (await answer).result;
}

/** Waits until the site has heard `count` accountsChanged events; returns them all. */
function accountsEvents(site: SitePort, count: number): Promise<unknown[]> {
  return until(() => {
    const seen = site.events('accountsChanged');
    return seen.length >= count ? seen : undefined;
  });
}

describe('connections follow whoever is logged in', () => {
  beforeEach(() => fakeBrowser.reset());

  it("A's site X is not connected for B, and is again for A", async () => {
    const worker = startTestWorker(memoryBackend());
    const a = await worker.send('signUp', { username: 'ada', password: PASSWORD });
    const x = worker.openSite(X);
    expect(await connect(worker, x)).toEqual([a.address?.toLowerCase()]);
    await worker.send('logout', {});
    expect(await accountsEvents(x, 2)).toEqual([[a.address?.toLowerCase()], []]);

    // The attacker: another person logs in on the same browser.
    const b = await worker.send('signUp', { username: 'bob', password: PASSWORD });
    expect(b.address).not.toBe(a.address);
    expect((await x.request('eth_accounts')).result).toEqual([]);
    expect((await x.request('wallet_getPermissions')).result).toEqual([]);
    expect((await x.request('personal_sign', ['0x68656c6c6f', b.address])).error?.code).toBe(4100);
    expect(await worker.send('sites.list', {})).toEqual([]);
    // Revoking X in B's popup cannot touch A's connection.
    expect(await worker.send('sites.revoke', { origin: X })).toEqual({ revoked: false });
    // X asking B to connect is a new question for B, not an automatic yes.
    const asking = x.request('eth_requestAccounts');
    const { items } = await until(async () => {
      const snapshot = await worker.send('approval.list', {});
      return snapshot.items.length > 0 ? snapshot : undefined;
    });
    expect(items.map((item) => [item.origin, item.details.kind])).toEqual([[X, 'connect']]);
    await worker.answerNext(false);
    expect((await asking).error?.code).toBe(4001);
    expect(x.events('accountsChanged')).toEqual([[a.address?.toLowerCase()], []]);

    // A comes back: X is connected again, for A only.
    await worker.send('logout', {});
    await worker.send('login', { username: 'ada', password: PASSWORD });
    expect(await accountsEvents(x, 3)).toEqual([
      [a.address?.toLowerCase()],
      [],
      [a.address?.toLowerCase()],
    ]);
    expect((await x.request('eth_accounts')).result).toEqual([a.address?.toLowerCase()]);
    expect((await x.request('wallet_getPermissions')).result).toMatchObject([
      { invoker: X, caveats: [{ value: [a.address?.toLowerCase()] }] },
    ]);
    expect((await worker.send('sites.list', {})).map((site) => site.origin)).toEqual([X]);
  });

  it('switching accounts tells each site what the new account may see', async () => {
    const backend = memoryBackend();
    const worker = startTestWorker(backend);
    const b = await worker.send('signUp', { username: 'bob', password: PASSWORD });
    const y = worker.openSite(Y);
    expect(await connect(worker, y)).toEqual([b.address?.toLowerCase()]);
    const a = await worker.send('signUp', { username: 'ada', password: PASSWORD });
    const x = worker.openSite(X);
    expect(await connect(worker, x)).toEqual([a.address?.toLowerCase()]);
    expect(await accountsEvents(y, 2)).toEqual([[b.address?.toLowerCase()], []]);

    // Straight from A to B, no logout in between.
    await worker.send('login', { username: 'bob', password: PASSWORD });
    expect(await accountsEvents(x, 2)).toEqual([[a.address?.toLowerCase()], []]);
    expect(await accountsEvents(y, 3)).toEqual([
      [b.address?.toLowerCase()],
      [],
      [b.address?.toLowerCase()],
    ]);
    expect((await x.request('eth_accounts')).result).toEqual([]);
    expect((await y.request('eth_accounts')).result).toEqual([b.address?.toLowerCase()]);

    // A restarted worker restores B, and B's view only.
    const restarted = startTestWorker(backend);
    const x2 = restarted.openSite(X);
    expect((await x2.request('eth_accounts')).result).toEqual([]);
    expect((await restarted.send('sites.list', {})).map((site) => site.origin)).toEqual([Y]);
  });

  it('logged out, no site is connected and the popup lists none', async () => {
    const worker = startTestWorker(memoryBackend());
    await worker.send('signUp', { username: 'ada', password: PASSWORD });
    const x = worker.openSite(X);
    await connect(worker, x);
    await worker.send('logout', {});
    expect((await x.request('eth_accounts')).result).toEqual([]);
    expect((await x.request('wallet_getPermissions')).result).toEqual([]);
    expect(await worker.send('sites.list', {})).toEqual([]);
    expect(await worker.send('sites.revoke', { origin: X })).toEqual({ revoked: false });
  });

  it("logged out, a site gets a log-in prompt only if some account connected it; B's login does not let A's site through", async () => {
    const worker = startTestWorker(memoryBackend());
    const a = await worker.send('signUp', { username: 'ada', password: PASSWORD });
    await worker.send('signUp', { username: 'bob', password: PASSWORD });
    await worker.send('logout', {});
    await worker.send('login', { username: 'ada', password: PASSWORD });
    const x = worker.openSite(X);
    await connect(worker, x);
    await worker.send('logout', {});

    // A site nobody connected is refused without bothering the person.
    const y = worker.openSite(Y);
    expect((await y.request('personal_sign', ['0x68656c6c6f', a.address])).error?.code).toBe(4100);
    expect((await worker.send('approval.list', {})).items).toEqual([]);

    const signing = x.request('personal_sign', ['0x68656c6c6f', a.address]);
    const { items } = await until(async () => {
      const snapshot = await worker.send('approval.list', {});
      return snapshot.items.length > 0 ? snapshot : undefined;
    });
    expect(items.map((item) => [item.origin, item.details.kind])).toEqual([[X, 'login']]);
    await worker.send('login', { username: 'bob', password: PASSWORD });
    expect((await signing).error?.code).toBe(4100);
    expect((await worker.send('approval.list', {})).items).toEqual([]);
  });
});
