// The connections in the Firefox build's layout: storage.local can be written by any content
// script there, so the connections record and the unclaimed connections are sealed under the
// records' key in the extension's IndexedDB (here: memory), bound to a write counter kept beside
// it. What a content script writes there (a plain record, a forged or earlier sealed one) never
// connects a site, so no site learns the address without the connect window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  claimUnclaimedConnections,
  connectedForSomeAccount,
  connectSite,
  isConnected,
  listConnectedSites,
  onPermissionsChanged,
  type PermissionsChange,
  revokeSite,
} from '../../../lib/extension/permissions/index.ts';
import {
  createRecordSealer,
  isSealedValue,
  type MigrationEnv,
  type RecordSealer,
  runMigrations,
  useRecordSealer,
} from '../../../lib/extension/storage/index.ts';
import { memoryRecordKeys } from './support/sealing.ts';

const KEY = 'encore:connections';
const UNCLAIMED_KEY = 'encore:unclaimed-connections';
const ACCOUNT = '0x4baf24c11b91d3415a10fe39b4283170477d0a3f';
const SITE = 'https://music.example';
const EVIL = 'https://evil.example';
/** The sealed shape, opening under no key the extension holds. */
const FORGED = { sealed: 'AES-GCM', iv: 'A'.repeat(16), data: 'B'.repeat(44) };

let sealer: RecordSealer;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function stored(key: string): Promise<unknown> {
  return (await fakeBrowser.storage.local.get(key))[key];
}

/** Nothing any account has connected `origin`, by every question the store answers. */
async function expectNotConnected(origin: string): Promise<void> {
  expect(await isConnected(ACCOUNT, origin)).toBe(false);
  expect((await listConnectedSites(ACCOUNT)).map((site) => site.origin)).not.toContain(origin);
  expect(await connectedForSomeAccount(origin)).toBe(false);
}

describe('connections sealed in storage.local (Firefox)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    sealer = createRecordSealer(memoryRecordKeys());
    useRecordSealer(sealer);
  });
  afterEach(() => useRecordSealer(null));

  it('keeps the connections sealed, and reads back what was connected and revoked', async () => {
    await connectSite(ACCOUNT, SITE);
    await connectSite(ACCOUNT, EVIL);
    expect(isSealedValue(await stored(KEY))).toBe(true);
    expect(JSON.stringify(await stored(KEY))).not.toContain('music.example');
    expect(await isConnected(ACCOUNT, SITE)).toBe(true);
    expect(await revokeSite(ACCOUNT, EVIL)).toBe(true);
    expect((await listConnectedSites(ACCOUNT)).map((site) => site.origin)).toEqual([SITE]);
    expect(await connectedForSomeAccount(EVIL)).toBe(false);
  });

  it('attack: a connection a content script writes in storage.local connects nothing', async () => {
    const planted = { [ACCOUNT]: { [EVIL]: { connectedAt: 1 } } };
    // On a new install, and over a record the extension wrote.
    await fakeBrowser.storage.local.set({ [KEY]: planted });
    await expectNotConnected(EVIL);
    await connectSite(ACCOUNT, SITE);
    await fakeBrowser.storage.local.set({
      [KEY]: { [ACCOUNT]: { [SITE]: { connectedAt: 1 }, [EVIL]: { connectedAt: 1 } } },
    });
    await expectNotConnected(EVIL);
    await fakeBrowser.storage.local.set({ [KEY]: FORGED });
    await expectNotConnected(EVIL);
    // A connect after it keeps only what this extension wrote: the planted site stays out.
    await connectSite(ACCOUNT, SITE);
    await expectNotConnected(EVIL);
    expect(await isConnected(ACCOUNT, SITE)).toBe(true);
  });

  it('attack: an earlier sealed copy put back after a revoke does not reconnect the site', async () => {
    await connectSite(ACCOUNT, EVIL);
    const copy = await stored(KEY);
    await revokeSite(ACCOUNT, EVIL);
    await fakeBrowser.storage.local.set({ [KEY]: copy });
    await expectNotConnected(EVIL);
  });

  it('attack: unclaimed connections a content script plants are not taken at login', async () => {
    for (const planted of [{ [EVIL]: { connectedAt: 1 } }, FORGED]) {
      await fakeBrowser.storage.local.set({ [UNCLAIMED_KEY]: planted });
      expect(await claimUnclaimedConnections(ACCOUNT)).toBe(0);
      expect(await stored(UNCLAIMED_KEY)).toBeUndefined();
      await expectNotConnected(EVIL);
    }
  });

  it('attack: the change watch reports no site a content script connects', async () => {
    const changes: PermissionsChange[][] = [];
    const stop = onPermissionsChanged((change) => changes.push(change));
    await tick();
    await connectSite(ACCOUNT, SITE);
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    await fakeBrowser.storage.local.set({ [KEY]: { [ACCOUNT]: { [EVIL]: { connectedAt: 1 } } } });
    await vi.waitFor(() => expect(changes).toHaveLength(2));
    await connectSite(ACCOUNT, SITE);
    await vi.waitFor(() => expect(changes).toHaveLength(3));
    await tick();
    stop();
    // What this extension connected comes and goes as the store reads it; the planted site never.
    expect(changes).toEqual([
      [{ account: ACCOUNT, added: [SITE], removed: [] }],
      [{ account: ACCOUNT, added: [], removed: [SITE] }],
      [{ account: ACCOUNT, added: [SITE], removed: [] }],
    ]);
  });

  it('the update to layout 5 seals the plain connections an earlier build left', async () => {
    const other = '0x1111111111111111111111111111111111111111';
    await fakeBrowser.storage.local.set({
      'encore:schema-version': 4,
      [KEY]: { [ACCOUNT]: { [SITE]: { connectedAt: 100 } } },
      [UNCLAIMED_KEY]: { [EVIL]: { connectedAt: 200 } },
    });
    const env: MigrationEnv = {
      addressFromEntropy: () => null,
      sealRecord: (slot, value) => sealer.seal(slot, value),
    };
    expect(await runMigrations({ env, log: () => undefined })).toBe(6);
    expect(isSealedValue(await stored(KEY))).toBe(true);
    expect(isSealedValue(await stored(UNCLAIMED_KEY))).toBe(true);
    expect(await listConnectedSites(ACCOUNT)).toEqual([{ origin: SITE, connectedAt: 100 }]);
    // Run again (a stop before the version was kept): the sealed records stay as they are.
    await fakeBrowser.storage.local.set({ 'encore:schema-version': 4 });
    const before = await fakeBrowser.storage.local.get(null);
    await runMigrations({ env, log: () => undefined });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      ...before,
      'encore:schema-version': 6,
    });
    // The next login takes the unclaimed connections, once.
    expect(await claimUnclaimedConnections(other)).toBe(1);
    expect(await isConnected(other, EVIL)).toBe(true);
    expect(await claimUnclaimedConnections(ACCOUNT)).toBe(0);
    expect(await isConnected(ACCOUNT, EVIL)).toBe(false);
  });
});
