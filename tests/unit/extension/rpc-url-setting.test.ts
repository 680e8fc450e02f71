// The per-chain RPC URL: validated like the other URLs, and refused with a precise message when
// it could leak a credential or is not http(s).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { parseForm, toForm } from '../../../entrypoints/options/components/form-state.ts';
import {
  defaultSettings,
  getSettings,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';
import { originsNeedingPermission } from '../../../lib/extension/ui/host-permission.ts';

describe('settings: RPC URL per chain', () => {
  beforeEach(() => fakeBrowser.reset());

  it('no chain has an RPC URL by default; a saved one is read back for its chain only', async () => {
    expect(defaultSettings().rpcUrls).toEqual({});
    await updateSettings({ rpcUrls: { '31337': ' http://127.0.0.1:8545 ' } });
    expect((await getSettings()).rpcUrls).toEqual({ '31337': 'http://127.0.0.1:8545' });
  });

  describe('a build that starts with RPC URLs (WXT_RPC_URLS)', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('reads them, and a change of the value between reads', () => {
      vi.stubEnv('WXT_RPC_URLS', '{"31337":"http://127.0.0.1:8545"}');
      expect(defaultSettings().rpcUrls).toEqual({ '31337': 'http://127.0.0.1:8545' });
      vi.stubEnv('WXT_RPC_URLS', '{"1":"https://rpc.example"}');
      expect(defaultSettings().rpcUrls).toEqual({ '1': 'https://rpc.example' });
    });

    it('a new listener starts on the one chain the build can read (make start: 31337), else on Ethereum', async () => {
      vi.stubEnv('WXT_RPC_URLS', '{"31337":"http://127.0.0.1:8545"}');
      expect(defaultSettings().chainId).toBe(31337);
      expect((await getSettings()).chainId).toBe(31337);
      vi.stubEnv('WXT_RPC_URLS', '{"1":"https://rpc.example","31337":"http://127.0.0.1:8545"}');
      expect(defaultSettings().chainId).toBe(1);
      vi.stubEnv('WXT_RPC_URLS', '{"11155111":"https://rpc.example"}');
      expect(defaultSettings().chainId).toBe(11155111);
      vi.stubEnv('WXT_RPC_URLS', '');
      expect(defaultSettings().chainId).toBe(1);
    });

    it('ignores a malformed value entirely', () => {
      vi.stubEnv('WXT_RPC_URLS', '{"31337":"http://me:secret@127.0.0.1:8545"}');
      expect(defaultSettings().rpcUrls).toEqual({});
      vi.stubEnv('WXT_RPC_URLS', 'not json');
      expect(defaultSettings().rpcUrls).toEqual({});
    });

    it('hands out a copy: changing one read changes no later one', () => {
      vi.stubEnv('WXT_RPC_URLS', '{"31337":"http://127.0.0.1:8545"}');
      defaultSettings().rpcUrls['31337'] = 'http://elsewhere.example';
      expect(defaultSettings().rpcUrls).toEqual({ '31337': 'http://127.0.0.1:8545' });
    });
  });

  it.each([
    ['a user name and password', 'https://me:secret@rpc.example', /user name and password/],
    ['a user name alone', 'https://me@rpc.example/v1', /user name and password/],
    ['another scheme', 'ws://rpc.example', /http:\/\/ or https:\/\//],
    ['a script URL', 'javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['no URL at all', 'rpc.example', /http:\/\/ or https:\/\//],
  ])('refuses %s, saving nothing', async (_name, url, message) => {
    await expect(updateSettings({ rpcUrls: { '1': url } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [expect.objectContaining({ message: expect.stringMatching(message) })] },
    });
    expect((await getSettings()).rpcUrls).toEqual({});
  });

  it('refuses a chain Encore does not offer', async () => {
    await expect(
      updateSettings({ rpcUrls: { '137': 'https://polygon.example' } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(
      updateSettings({ rpcUrls: { '01': 'https://rpc.example' } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('a damaged stored value reads as no URL, and costs no other field', async () => {
    await fakeBrowser.storage.local.set({
      'encore:settings': { appName: 'kept', rpcUrls: { '1': 'https://a:b@rpc.example' } },
    });
    expect(await getSettings()).toMatchObject({ appName: 'kept', rpcUrls: {} });
  });

  it('the options form names the chain whose URL is wrong, drops empty fields, and asks for the host', () => {
    const values = toForm(defaultSettings());
    const wrong = parseForm({
      ...values,
      rpcUrls: { '1': 'https://u:p@rpc.example', '31337': '' },
    });
    expect(wrong).toEqual({
      ok: false,
      errors: { 'rpcUrls.1': expect.stringMatching(/user name and password/) },
    });
    const right = parseForm({
      ...values,
      rpcUrls: { '1': 'https://rpc.example/v3/key', '31337': ' ' },
    });
    expect(right.ok && right.settings.rpcUrls).toEqual({ '1': 'https://rpc.example/v3/key' });
    expect(
      originsNeedingPermission(['https://rpc.example/v3/key', 'http://127.0.0.1:8545']),
    ).toEqual(['https://rpc.example/*']);
  });
});
