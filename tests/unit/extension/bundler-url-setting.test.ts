// The per-chain ERC-4337 bundler URL: set by the build (WXT_BUNDLER_URLS), changed on the options
// page and validated there and in the worker as an RPC URL is (http(s), no credentials).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { parseForm, toForm } from '../../../entrypoints/options/components/form-state.ts';
import {
  defaultSettings,
  getSettings,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';

describe('settings: bundler URL per chain', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.unstubAllEnvs());

  it('none by default; the build names them (make start: the local Alto), a malformed value is ignored', () => {
    expect(defaultSettings().bundlerUrls).toEqual({});
    vi.stubEnv('WXT_BUNDLER_URLS', '{"31337":"http://127.0.0.1:4337"}');
    expect(defaultSettings().bundlerUrls).toEqual({ '31337': 'http://127.0.0.1:4337' });
    vi.stubEnv('WXT_BUNDLER_URLS', '{"31337":"http://me:key@127.0.0.1:4337"}');
    expect(defaultSettings().bundlerUrls).toEqual({});
    vi.stubEnv('WXT_BUNDLER_URLS', 'not json');
    expect(defaultSettings().bundlerUrls).toEqual({});
  });

  it('a saved one is read back for its chain only; the worker refuses credentials and other schemes', async () => {
    await updateSettings({ bundlerUrls: { '1': ' https://api.pimlico.io/v2/1/rpc?apikey=k ' } });
    expect((await getSettings()).bundlerUrls).toEqual({
      '1': 'https://api.pimlico.io/v2/1/rpc?apikey=k',
    });
    await expect(
      updateSettings({ bundlerUrls: { '1': 'https://me:secret@bundler.example' } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(
      updateSettings({ bundlerUrls: { '1': 'ftp://bundler.example' } }),
    ).rejects.toThrow();
    await expect(
      updateSettings({ bundlerUrls: { '999999': 'https://b.example' } }),
    ).rejects.toThrow();
  });

  it('the options page names the chain whose bundler URL is wrong, and drops an emptied field', () => {
    const shown = toForm(defaultSettings());
    const wrong = parseForm({
      ...shown,
      bundlerUrls: { '1': 'https://me:secret@bundler.example', '31337': 'nope' },
    });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.errors['bundlerUrls.1']).toMatch(/user name and password/);
      expect(wrong.errors['bundlerUrls.31337']).toMatch(/http/);
    }
    const emptied = parseForm({ ...shown, bundlerUrls: { '1': '  ' } });
    expect(emptied.ok && emptied.settings.bundlerUrls).toEqual({});
  });
});
