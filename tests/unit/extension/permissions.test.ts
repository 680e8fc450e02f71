import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  claimUnclaimedConnections,
  connectSite,
  currentConnections,
  isConnected,
  listConnectedSites,
  normalizeAccount,
  normalizeOrigin,
  onPermissionsChanged,
  type PermissionsChange,
  revokeSite,
} from '../../../lib/extension/permissions/index.ts';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

// Two accounts, A's in checksummed form as the wallet reports it.
const A = '0x4BaF24c11b91d3415a10Fe39b4283170477d0a3F';
const B = '0xa4dc9ae542990785c35e76bfcf2e319769fa9ebd';
const storedConnections = async (): Promise<Record<string, Record<string, unknown>>> =>
  (await fakeBrowser.storage.local.get('encore:connections'))['encore:connections'] as Record<
    string,
    Record<string, unknown>
  >;
const origins = async (account: string): Promise<string[]> =>
  (await listConnectedSites(account)).map((site) => site.origin);

describe('permissions store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers connections per account and origin, and revokes only the one asked', async () => {
    await Promise.all([
      connectSite(A, 'https://a.example'),
      connectSite(A, 'https://b.example:8443'),
    ]);
    expect(await isConnected(A, 'https://a.example')).toBe(true);
    expect(await isConnected(A, 'https://c.example')).toBe(false);
    expect(await revokeSite(A, 'https://a.example')).toBe(true);
    expect(await revokeSite(A, 'https://a.example')).toBe(false);
    expect(await origins(A)).toEqual(['https://b.example:8443']);
  });

  it("keeps one account's connections from every other account", async () => {
    await connectSite(A, 'https://x.example');
    expect(await isConnected(B, 'https://x.example')).toBe(false);
    expect(await origins(B)).toEqual([]);
    // B revoking X (which B never connected) leaves A's connection alone.
    expect(await revokeSite(B, 'https://x.example')).toBe(false);
    expect(await isConnected(A.toLowerCase(), 'https://x.example')).toBe(true);
    expect(Object.keys(await storedConnections())).toEqual([A.toLowerCase()]);
  });

  it('keeps the first connection time on a repeated connect', async () => {
    const first = await connectSite(A, 'https://a.example');
    const again = await connectSite(A, 'https://a.example/');
    expect(again).toEqual(first);
    expect(await listConnectedSites(A)).toHaveLength(1);
  });

  it('treats http and https, and ports, as different sites', async () => {
    await connectSite(A, 'https://a.example');
    expect(await isConnected(A, 'http://a.example')).toBe(false);
    expect(await isConnected(A, 'https://a.example:444')).toBe(false);
  });

  it('accepts only bare origins and wallet addresses', () => {
    expect(normalizeOrigin('HTTPS://A.Example')).toBe('https://a.example');
    for (const bad of [
      'https://a.example/path',
      'https://a.example?x=1',
      'null',
      'data:text/html,x',
      '',
    ]) {
      expect(() => normalizeOrigin(bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_ORIGIN' }),
      );
    }
    expect(normalizeAccount(A)).toBe(A.toLowerCase());
    for (const bad of ['', '0x1234', `${A}00`, 'https://a.example']) {
      expect(() => normalizeAccount(bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_ACCOUNT' }),
      );
    }
  });

  it('connects nothing from a damaged record, and keeps what it cannot read when writing', async () => {
    const account = A.toLowerCase();
    await fakeBrowser.storage.local.set({
      'encore:connections': {
        [account]: {
          'https://x.example/': { connectedAt: 1 }, // not canonical: never written by Encore
          'https://y.example': { connectedAt: 'yesterday' },
          'https://z.example': null,
        },
        'not-an-address': { 'https://w.example': { connectedAt: 1 } },
      },
    });
    for (const origin of ['https://x.example', 'https://y.example', 'https://z.example']) {
      expect(await isConnected(A, origin)).toBe(false);
    }
    expect(await origins(A)).toEqual([]);
    await connectSite(A, 'https://v.example');
    const stored = await storedConnections();
    expect(stored['not-an-address']).toEqual({ 'https://w.example': { connectedAt: 1 } });
    expect(Object.keys(stored[account]!)).toEqual([
      'https://x.example/',
      'https://y.example',
      'https://z.example',
      'https://v.example',
    ]);
  });

  it('gives unclaimed connections to the first account that claims them, once', async () => {
    await fakeBrowser.storage.local.set({
      'encore:unclaimed-connections': {
        'https://old.example': { connectedAt: 5 },
        'https://both.example': { connectedAt: 9 },
        'not an origin': { connectedAt: 1 },
      },
    });
    const kept = await connectSite(A, 'https://both.example');
    expect(await claimUnclaimedConnections(A)).toBe(1);
    expect(await listConnectedSites(A)).toEqual([
      { origin: 'https://old.example', connectedAt: 5 },
      kept,
    ]);
    expect(await claimUnclaimedConnections(B)).toBe(0);
    expect(await origins(B)).toEqual([]);
    expect(await fakeBrowser.storage.local.get('encore:unclaimed-connections')).toEqual({});
  });

  it('binds to whoever is logged in at each call; logged out, nothing is connected', async () => {
    let current: string | null = A;
    const connections = currentConnections(() => current);
    await connections.connect('https://x.example');
    expect(await connections.isConnected('https://x.example')).toBe(true);
    current = B;
    expect(await connections.isConnected('https://x.example')).toBe(false);
    expect(await connections.connectedAt('https://x.example')).toBeNull();
    expect(await connections.revoke('https://x.example')).toBe(false);
    expect(await connections.list()).toEqual([]);
    current = null;
    expect(await connections.isConnected('https://x.example')).toBe(false);
    await expect(connections.connect('https://x.example')).rejects.toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
    current = A;
    expect((await connections.list()).map((site) => site.origin)).toEqual(['https://x.example']);
  });

  it('reports which origins were added and removed, for which account', async () => {
    const changes: PermissionsChange[][] = [];
    onPermissionsChanged((change) => changes.push(change));
    await connectSite(A, 'https://a.example');
    await connectSite(B, 'https://b.example');
    await revokeSite(A, 'https://a.example');
    await tick();
    const a = A.toLowerCase();
    expect(changes).toEqual([
      [{ account: a, added: ['https://a.example'], removed: [] }],
      [{ account: B, added: ['https://b.example'], removed: [] }],
      [{ account: a, added: [], removed: ['https://a.example'] }],
    ]);
  });
});
