import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  defaultSettings,
  getSettings,
  onSettingsChanged,
  type Settings,
  SUPPORTED_CHAINS,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';

describe('settings', () => {
  beforeEach(() => fakeBrowser.reset());

  it('start from the build defaults (fallbacks without WXT_* variables)', async () => {
    expect(await getSettings()).toEqual(defaultSettings());
    expect(defaultSettings()).toMatchObject({ lockOnBrowserClose: false, chainId: 1 });
    expect(defaultSettings().backendUrl).toMatch(/^https?:\/\//);
  });

  it('offer Ethereum, Sepolia and a local development chain with hex ids', () => {
    expect(SUPPORTED_CHAINS).toEqual(
      expect.arrayContaining([
        {
          id: 1,
          hexId: '0x1',
          name: 'Ethereum',
          currency: { symbol: 'ETH', decimals: 18, name: 'Ether' },
          explorerUrl: 'https://etherscan.io',
        },
        {
          id: 11155111,
          hexId: '0xaa36a7',
          name: 'Sepolia',
          currency: { symbol: 'SepoliaETH', decimals: 18, name: 'Sepolia Ether' },
          explorerUrl: 'https://sepolia.etherscan.io',
        },
        {
          id: 31337,
          hexId: '0x7a69',
          name: 'Local development',
          currency: { symbol: 'ETH', decimals: 18, name: 'Ether' },
          explorerUrl: null,
        },
      ]),
    );
  });

  it('store only what changed, normalised, and keep it for the next worker', async () => {
    const saved = await updateSettings({ backendUrl: ' https://wallet.example/api/ ' });
    expect(saved.backendUrl).toBe('https://wallet.example/api');
    expect(saved.appName).toBe(defaultSettings().appName);
    expect(await getSettings()).toEqual(saved);
    expect(Object.values(await fakeBrowser.storage.local.get(null))).toEqual([
      { backendUrl: 'https://wallet.example/api' },
    ]);
  });

  it('refuse invalid values with the field named, changing nothing', async () => {
    await expect(updateSettings({ chainId: 137 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [expect.objectContaining({ path: 'chainId' })] },
    });
    await expect(
      updateSettings({ catalogHostListUrl: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await getSettings()).toEqual(defaultSettings());
  });

  it('ignore a corrupt stored record instead of failing', async () => {
    await fakeBrowser.storage.local.set({ 'encore:settings': { chainId: 'one' } });
    expect(await getSettings()).toEqual(defaultSettings());
  });

  // A stored record that a newer or older build, a bug, or someone with access to the profile
  // left behind. Each bad field costs only itself; the lock setting never reads as off.
  const kept = { appName: 'backstage-fm', backendUrl: 'https://wallet.example' };
  const hostile: [string, Record<string, unknown>, Partial<Settings>][] = [
    [
      'an unknown key',
      { ...kept, lockOnBrowserClose: true, theme: 'dark' },
      { lockOnBrowserClose: true },
    ],
    [
      'a chain this build removed',
      { ...kept, lockOnBrowserClose: true, chainId: 137 },
      { lockOnBrowserClose: true, chainId: 1 },
    ],
    [
      'wrong types',
      { ...kept, chainId: '11155111', catalogHostListUrl: 42 },
      { lockOnBrowserClose: false, chainId: 1 },
    ],
    [
      'a string "false" for the lock',
      { ...kept, lockOnBrowserClose: 'false' },
      { lockOnBrowserClose: true },
    ],
    ['null for the lock', { ...kept, lockOnBrowserClose: null }, { lockOnBrowserClose: true }],
    ['0 for the lock', { ...kept, lockOnBrowserClose: 0 }, { lockOnBrowserClose: true }],
  ];

  it.each(hostile)(
    'read a record with %s field by field, never turning the lock off',
    async (_, record, expected) => {
      await fakeBrowser.storage.local.set({ 'encore:settings': record });
      expect(await getSettings()).toEqual({ ...defaultSettings(), ...kept, ...expected });
    },
  );

  it.each([
    ['a string', 'lock=off'],
    ['an array', [false]],
    ['a number', 0],
    ['false', false],
  ])('read a record that is %s as all defaults with the lock on', async (_, record) => {
    await fakeBrowser.storage.local.set({ 'encore:settings': record });
    expect(await getSettings()).toEqual({ ...defaultSettings(), lockOnBrowserClose: true });
    // Saving another field does not turn it off either.
    expect(await updateSettings({ appName: 'other' })).toMatchObject({
      lockOnBrowserClose: true,
      appName: 'other',
    });
    expect((await getSettings()).lockOnBrowserClose).toBe(true);
  });

  it('keep unknown keys and unreadable values when saving another field', async () => {
    const record = { theme: 'dark', chainId: 137, lockOnBrowserClose: 'false', appName: 'old' };
    await fakeBrowser.storage.local.set({ 'encore:settings': record });
    const saved = await updateSettings({ appName: 'new' });
    expect(saved).toMatchObject({ appName: 'new', chainId: 1, lockOnBrowserClose: true });
    expect((await fakeBrowser.storage.local.get('encore:settings'))['encore:settings']).toEqual({
      ...record,
      appName: 'new',
    });
    // The person can still turn the lock off on purpose.
    expect(await updateSettings({ lockOnBrowserClose: false })).toMatchObject({
      lockOnBrowserClose: false,
    });
  });

  it('never drop one of two saves made at once', async () => {
    await Promise.all([updateSettings({ appName: 'one' }), updateSettings({ chainId: 11155111 })]);
    expect(await getSettings()).toMatchObject({ appName: 'one', chainId: 11155111 });
  });

  it('tell listeners about changes', async () => {
    const seen: Settings[] = [];
    const stop = onSettingsChanged((settings) => seen.push(settings));
    await updateSettings({ appName: 'my-app' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.at(-1)?.appName).toBe('my-app');
    stop();
  });
});
