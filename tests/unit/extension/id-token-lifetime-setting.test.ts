// The ID token lifetime setting: whole seconds from 60 to 3600, 300 by default, and a stored
// value outside that range never lengthens the tokens a site receives.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { getSettings, updateSettings } from '../../../lib/extension/settings/index.ts';

describe('idTokenLifetimeSeconds', () => {
  beforeEach(() => fakeBrowser.reset());

  it('defaults to five minutes and keeps a valid change', async () => {
    expect((await getSettings()).idTokenLifetimeSeconds).toBe(300);
    expect((await updateSettings({ idTokenLifetimeSeconds: 3600 })).idTokenLifetimeSeconds).toBe(
      3600,
    );
    expect((await getSettings()).idTokenLifetimeSeconds).toBe(3600);
  });

  it('refuses values outside 60..3600 or not whole, naming the field', async () => {
    for (const value of [59, 3601, 90.5, Number.NaN, 86_400 * 365]) {
      await expect(updateSettings({ idTokenLifetimeSeconds: value })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [expect.objectContaining({ path: 'idTokenLifetimeSeconds' })] },
      });
    }
    expect((await getSettings()).idTokenLifetimeSeconds).toBe(300);
  });

  it('a stored record asking for year-long tokens reads as the default', async () => {
    await fakeBrowser.storage.local.set({
      'encore:settings': { idTokenLifetimeSeconds: 86_400 * 365 },
    });
    expect((await getSettings()).idTokenLifetimeSeconds).toBe(300);
  });
});
