import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  connectSite,
  isConnected,
  listConnectedSites,
  normalizeOrigin,
  onPermissionsChanged,
  revokeSite,
} from '../../../lib/extension/permissions/index.ts';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('permissions store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers connections per origin and revokes only the one asked', async () => {
    await Promise.all([connectSite('https://a.example'), connectSite('https://b.example:8443')]);
    expect(await isConnected('https://a.example')).toBe(true);
    expect(await isConnected('https://c.example')).toBe(false);
    expect(await revokeSite('https://a.example')).toBe(true);
    expect(await revokeSite('https://a.example')).toBe(false);
    expect((await listConnectedSites()).map((s) => s.origin)).toEqual(['https://b.example:8443']);
  });

  it('keeps the first connection time on a repeated connect', async () => {
    const first = await connectSite('https://a.example');
    const again = await connectSite('https://a.example/');
    expect(again).toEqual(first);
    expect(await listConnectedSites()).toHaveLength(1);
  });

  it('treats http and https, and ports, as different sites', async () => {
    await connectSite('https://a.example');
    expect(await isConnected('http://a.example')).toBe(false);
    expect(await isConnected('https://a.example:444')).toBe(false);
  });

  it('accepts only bare origins', () => {
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
  });

  it('reports which origins were added and removed', async () => {
    const changes: { added: string[]; removed: string[] }[] = [];
    onPermissionsChanged((_sites, change) => changes.push(change));
    await connectSite('https://a.example');
    await revokeSite('https://a.example');
    await tick();
    expect(changes).toEqual([
      { added: ['https://a.example'], removed: [] },
      { added: [], removed: ['https://a.example'] },
    ]);
  });
});
