// Wallet values sealed for Firefox's storage.local: what a content script reading that area gets
// is useless without the key, which only the extension's own origin can load.
import { describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_IS_PRIVATE } from '../../../lib/extension/settings/index.ts';
import {
  createWalletSealer,
  generateSealingKey,
  isSealedValue,
} from '../../../lib/extension/storage/index.ts';
import { memoryKeyStore } from './support/sealing.ts';

const SLOT = 'encore:wallet:hedgehog-entropy-key';
const ENTROPY = 'ff4b856a8c6984f630c5c64d02eda0f6';

describe('sealed wallet values', () => {
  it('open again with the key, and show nothing of the value', async () => {
    const sealer = createWalletSealer(memoryKeyStore());
    const sealed = await sealer.seal(SLOT, ENTROPY);
    expect(isSealedValue(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain(ENTROPY);
    expect(await sealer.open(SLOT, sealed)).toBe(ENTROPY);
    // A fresh IV every time: the same value never seals to the same text.
    expect((await sealer.seal(SLOT, ENTROPY)).iv).not.toBe(sealed.iv);
  });

  it('open in a new context (a restarted worker) over the same stored key', async () => {
    const keys = memoryKeyStore();
    const sealed = await createWalletSealer(keys).seal(SLOT, ENTROPY);
    expect(await createWalletSealer(keys).open(SLOT, sealed)).toBe(ENTROPY);
  });

  it('do not open without the key, with another key, in another slot or changed', async () => {
    const keys = memoryKeyStore();
    const sealed = await createWalletSealer(keys).seal(SLOT, ENTROPY);
    const other = createWalletSealer(memoryKeyStore());
    await other.seal(SLOT, 'x');
    await expect(other.open(SLOT, sealed)).rejects.toMatchObject({
      code: 'WALLET_DATA_UNREADABLE',
      details: { reason: 'does-not-open' },
    });
    const sealer = createWalletSealer(keys);
    await expect(sealer.open('encore:wallet:username', sealed)).rejects.toMatchObject({
      details: { reason: 'does-not-open' },
    });
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await expect(
      sealer.open(SLOT, { ...sealed, data: flipped.toString('base64') }),
    ).rejects.toMatchObject({ details: { reason: 'does-not-open' } });
    keys.wipe();
    await expect(createWalletSealer(keys).open(SLOT, sealed)).rejects.toMatchObject({
      code: 'WALLET_DATA_UNREADABLE',
      details: { reason: 'no-key' },
    });
  });

  it('read a plain value where only sealed ones are kept as nothing', async () => {
    const sealer = createWalletSealer(memoryKeyStore());
    for (const planted of [ENTROPY, { sealed: 'AES-GCM', iv: 1 }, null, undefined, 42]) {
      expect(await sealer.open(SLOT, planted)).toBeNull();
    }
  });

  it('never open again once the key is forgotten (logout), even a copy kept aside', async () => {
    const keys = memoryKeyStore();
    const sealer = createWalletSealer(keys);
    const copy = await sealer.seal(SLOT, ENTROPY);
    await sealer.forget();
    expect(keys.stored()).toBeNull();
    await expect(sealer.open(SLOT, copy)).rejects.toMatchObject({ details: { reason: 'no-key' } });
    // The next login makes a new key, under which the copy still does not open.
    await sealer.seal(SLOT, 'new session');
    await expect(sealer.open(SLOT, copy)).rejects.toMatchObject({
      details: { reason: 'does-not-open' },
    });
  });

  it('use a key whose bytes no code can read', async () => {
    const key = await generateSealingKey();
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('are used only where storage.local is readable by content scripts (not in these Chromium builds)', () => {
    expect(LOCAL_STORAGE_IS_PRIVATE).toBe(true);
  });
});
