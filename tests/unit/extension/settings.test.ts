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

  it('offer Ethereum and Sepolia with hex ids', () => {
    expect(SUPPORTED_CHAINS).toEqual(
      expect.arrayContaining([
        { id: 1, hexId: '0x1', name: 'Ethereum' },
        { id: 11155111, hexId: '0xaa36a7', name: 'Sepolia' },
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

  it('tell listeners about changes', async () => {
    const seen: Settings[] = [];
    const stop = onSettingsChanged((settings) => seen.push(settings));
    await updateSettings({ appName: 'my-app' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.at(-1)?.appName).toBe('my-app');
    stop();
  });
});
