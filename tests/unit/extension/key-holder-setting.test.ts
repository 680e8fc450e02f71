// The key holder the wallet trusts: pinned by the build (WXT_KEY_HOLDER_*) or on the options page,
// every key checked with the core's checkPin before it is saved, and never read as "no key holder"
// when what is stored or built cannot be used.

import { newSecretKey, publicKeyOf } from '@encore-wallet/key-holder';
import { hexToBytes } from '@encore-wallet/utils/encoding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { parseForm, toForm } from '../../../entrypoints/options/components/form-state.ts';
import {
  defaultSettings,
  getSettings,
  isUsableKeyHolder,
  UNUSABLE_KEY_HOLDER,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';

const aKey = (): string => publicKeyOf(hexToBytes(newSecretKey()));
const KEY = aKey();
const OLD_KEY = aKey();
/** The identity element: every evaluation would "prove" itself against it. */
const IDENTITY = '00'.repeat(32);
/** 32 bytes that decode to no ristretto255 element. */
const NOT_AN_ELEMENT = 'ff'.repeat(32);

function stubBuild(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
}

describe('settings: the key holder', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.unstubAllEnvs());

  it('is none unless the build pins one; a usable pin reads back checked and without a trailing slash', () => {
    expect(defaultSettings().keyHolder).toBeNull();
    stubBuild({
      WXT_KEY_HOLDER_URL: 'http://127.0.0.1:8789/',
      WXT_KEY_HOLDER_KEY_ID: 'local-1',
      WXT_KEY_HOLDER_PUBLIC_KEY: KEY,
      WXT_KEY_HOLDER_PREVIOUS: JSON.stringify([{ keyId: 'local-0', publicKey: OLD_KEY }]),
    });
    expect(defaultSettings().keyHolder).toEqual({
      url: 'http://127.0.0.1:8789',
      keyId: 'local-1',
      publicKey: KEY,
      previous: [{ keyId: 'local-0', publicKey: OLD_KEY }],
    });
  });

  it.each([
    ['the identity element as its key', { WXT_KEY_HOLDER_PUBLIC_KEY: IDENTITY }],
    ['no ristretto255 element as its key', { WXT_KEY_HOLDER_PUBLIC_KEY: NOT_AN_ELEMENT }],
    ['a key cut short', { WXT_KEY_HOLDER_PUBLIC_KEY: KEY.slice(2) }],
    ['no key at all', { WXT_KEY_HOLDER_PUBLIC_KEY: '' }],
    ['a malformed key id', { WXT_KEY_HOLDER_KEY_ID: 'local 1' }],
    ['earlier keys that are not JSON', { WXT_KEY_HOLDER_PREVIOUS: '[{keyId: local-0}' }],
    [
      'an earlier key that is the identity',
      { WXT_KEY_HOLDER_PREVIOUS: JSON.stringify([{ keyId: 'old', publicKey: IDENTITY }]) },
    ],
  ])('a build pinning %s is kept unusable, never read as no key holder', (_, broken) => {
    stubBuild({
      WXT_KEY_HOLDER_URL: 'http://127.0.0.1:8789',
      WXT_KEY_HOLDER_KEY_ID: 'local-1',
      WXT_KEY_HOLDER_PUBLIC_KEY: KEY,
      ...broken,
    });
    const { keyHolder } = defaultSettings();
    expect(keyHolder).not.toBeNull();
    expect(keyHolder && isUsableKeyHolder(keyHolder)).toBe(false);
  });

  it('saves a usable pin and refuses each unusable one with the field named, changing nothing', async () => {
    const good = {
      url: ' https://keys.example.org/ ',
      keyId: '2026-11',
      publicKey: KEY,
      previous: [],
    };
    expect((await updateSettings({ keyHolder: good })).keyHolder).toEqual({
      ...good,
      url: 'https://keys.example.org',
    });
    const refusals: [object, string][] = [
      [{ publicKey: IDENTITY }, 'publicKey'],
      [{ publicKey: NOT_AN_ELEMENT }, 'publicKey'],
      [{ publicKey: `${KEY}00` }, 'publicKey'],
      [{ keyId: '' }, 'keyId'],
      [{ url: 'ftp://keys.example.org' }, 'url'],
      [{ url: 'https://me:secret@keys.example.org' }, 'url'],
      [{ previous: [{ keyId: 'old', publicKey: IDENTITY }] }, 'previous'],
      [{ previous: [{ keyId: '2026-11', publicKey: OLD_KEY }] }, 'previous'],
    ];
    for (const [change, field] of refusals) {
      const failure = await updateSettings({ keyHolder: { ...good, ...change } }).catch(
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: 'INVALID_INPUT' });
      expect(JSON.stringify(failure)).toContain(`"path":"keyHolder.${field}`);
    }
    expect((await getSettings()).keyHolder?.publicKey).toBe(KEY);
  });

  it('reads a stored key holder it cannot parse as an unusable one, not as none', async () => {
    await fakeBrowser.storage.local.set({
      'encore:settings': { keyHolder: { url: 'https://keys.example.org', keyId: 'k' } },
    });
    expect((await getSettings()).keyHolder).toEqual(UNUSABLE_KEY_HOLDER);
    // Saving another field keeps it so, until a usable key holder is set.
    expect((await updateSettings({ appName: 'other' })).keyHolder).toEqual(UNUSABLE_KEY_HOLDER);
  });

  it('the options page shows the trusted key, names the wrong field, and reads empty fields as none', () => {
    stubBuild({
      WXT_KEY_HOLDER_URL: 'http://127.0.0.1:8789',
      WXT_KEY_HOLDER_KEY_ID: 'local-1',
      WXT_KEY_HOLDER_PUBLIC_KEY: KEY,
    });
    const shown = toForm(defaultSettings());
    expect(shown).toMatchObject({
      keyHolderUrl: 'http://127.0.0.1:8789',
      keyHolderKeyId: 'local-1',
      keyHolderPublicKey: KEY,
      keyHolderPrevious: '',
    });
    const rotated = parseForm({ ...shown, keyHolderPrevious: `\nlocal-0  ${OLD_KEY}\n` });
    expect(rotated.ok && rotated.settings.keyHolder?.previous).toEqual([
      { keyId: 'local-0', publicKey: OLD_KEY },
    ]);
    const wrong = parseForm({ ...shown, keyHolderPublicKey: IDENTITY });
    expect(!wrong.ok && wrong.errors.keyHolderPublicKey).toMatch(/identity/);
    const badLine = parseForm({ ...shown, keyHolderPrevious: 'local-0' });
    expect(!badLine.ok && badLine.errors.keyHolderPrevious).toMatch(/its id, a space/);
    const badEarlier = parseForm({ ...shown, keyHolderPrevious: `a ${NOT_AN_ELEMENT}` });
    expect(!badEarlier.ok && badEarlier.errors.keyHolderPrevious).toMatch(/^Line 1: /);
    const none = parseForm({
      ...shown,
      keyHolderUrl: ' ',
      keyHolderKeyId: '',
      keyHolderPublicKey: '',
    });
    expect(none.ok && none.settings.keyHolder).toBeNull();
  });
});
