// Every record made by the real @audius/hedgehog 2.1.0 must come out byte for byte.

import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import { Authentication, DecryptionFailedError, WalletManager } from '../src/index.ts';
import { scryptImplementation, useScryptImplementation } from '../src/internal/scrypt.ts';

const { vectors, extras } = fixtures;

// Node derives with OpenSSL, pages and the extension with hash-wasm: both must give these bytes.
describe.each(['native', 'wasm'] as const)('with %s scrypt', (implementation) => {
  beforeAll(() => useScryptImplementation(implementation));
  afterAll(() => useScryptImplementation(null));

  it.each(vectors)('vector $name: the lookupKey and the encryption key', async (v) => {
    expect(scryptImplementation()).toBe(implementation);
    expect(await Authentication.createAuthLookupKey(v.username, v.password)).toBe(v.lookupKey);
    expect(bytesToHex(await Authentication.createKey(v.password, v.iv))).toBe(v.encryptionKeyHex);
  });
});

describe.each(vectors)('vector $name', (v) => {
  it('encrypts to the recorded cipherText and decrypts it back', async () => {
    const key = hexToBytes(v.encryptionKeyHex);
    expect(await Authentication.encryptEntropy(v.entropy, key, v.iv)).toBe(v.cipherText);
    expect(await Authentication.decryptEntropy(v.cipherText, key, v.iv)).toBe(v.entropy);
  });

  it('derives the recorded mnemonic, key pair and address', async () => {
    expect(WalletManager.mnemonicFromEntropy(v.entropy)).toBe(v.mnemonic);
    const wallet = WalletManager.walletFromEntropy(v.entropy, v.path);
    expect(wallet.mnemonic?.phrase).toBe(v.mnemonic);
    expect(wallet.path).toBe(v.path);
    expect(wallet.privateKey).toBe(v.privateKey);
    expect(wallet.address).toBe(v.checksumAddress);
    expect(wallet.address.toLowerCase()).toBe(v.address);
  });
});

describe('extras', () => {
  it('fixedEncrypt: key, cipherText, mnemonic and address from a fixed iv', async () => {
    const x = extras.fixedEncrypt;
    const key = await Authentication.createKey(x.password, x.iv);
    expect(bytesToHex(key)).toBe(x.encryptionKeyHex);
    expect(await Authentication.encryptEntropy(x.entropy, key, x.iv)).toBe(x.cipherText);
    expect(await Authentication.decryptEntropy(x.cipherText, key, x.iv)).toBe(x.entropy);
    expect(WalletManager.mnemonicFromEntropy(x.entropy)).toBe(x.mnemonic);
    const wallet = WalletManager.walletFromEntropy(x.entropy);
    expect(wallet.privateKey).toBe(x.privateKey);
    expect(wallet.address.toLowerCase()).toBe(x.address);
  });

  it("repoFixtureDecrypt: the original repo's test user opens", async () => {
    const x = extras.repoFixtureDecrypt;
    expect(await Authentication.createAuthLookupKey(x.username, x.password)).toBe(
      x.expectedLookupKey,
    );
    const key = await Authentication.createKey(x.password, x.iv);
    expect(bytesToHex(key)).toBe(x.expectedKeyHex);
    expect(x.keyHex).toBe(x.expectedKeyHex);
    const entropy = await Authentication.decryptEntropy(x.cipherText, key, x.iv);
    expect(entropy).toBe(x.entropy);
    expect(await Authentication.encryptEntropy(entropy, key, x.iv)).toBe(x.cipherText);
    expect(WalletManager.mnemonicFromEntropy(entropy)).toBe(x.mnemonic);
    const wallet = WalletManager.walletFromEntropy(entropy);
    expect(wallet.privateKey).toBe(x.privateKey);
    expect(wallet.address.toLowerCase()).toBe(x.expectedAddress);
    expect(x.address).toBe(x.expectedAddress);
  });

  it('caseInsensitiveUsername: the username is lowercased before hashing', async () => {
    // The fixture records only the two (equal) outputs, not the inputs, so the property is
    // checked on the first vector's credentials: upper- and lower-case usernames give one key.
    expect(extras.caseInsensitiveUsername.equal).toBe(true);
    expect(extras.caseInsensitiveUsername.upper).toBe(extras.caseInsensitiveUsername.lower);
    const v = vectors[0]!;
    expect(await Authentication.createAuthLookupKey(v.username.toUpperCase(), v.password)).toBe(
      v.lookupKey,
    );
  });
});

describe('Authentication edge cases', () => {
  it('a wrong key fails with DecryptionFailedError, never garbage', async () => {
    // Many keys so the ~1/256 of wrong keys that pass PKCS#7 padding are exercised too.
    const v = vectors[0]!;
    for (let i = 0; i < 600; i++) {
      const wrong = hexToBytes(v.encryptionKeyHex);
      wrong[i % 32] = (wrong[i % 32]! + 1 + Math.floor(i / 32)) % 256;
      await expect(Authentication.decryptEntropy(v.cipherText, wrong, v.iv)).rejects.toBeInstanceOf(
        DecryptionFailedError,
      );
    }
  });

  it('a corrupted cipherText fails with DecryptionFailedError', async () => {
    const v = vectors[1]!;
    const key = hexToBytes(v.encryptionKeyHex);
    await expect(Authentication.decryptEntropy('zz', key, v.iv)).rejects.toBeInstanceOf(
      DecryptionFailedError,
    );
    await expect(
      Authentication.decryptEntropy(v.cipherText.slice(0, 32), key, v.iv),
    ).rejects.toBeInstanceOf(DecryptionFailedError);
  });

  it('creates 32-hex ivs and entropies that differ every time', () => {
    const ivs = new Set(Array.from({ length: 50 }, () => Authentication.createIv()));
    const entropies = new Set(Array.from({ length: 50 }, () => WalletManager.createEntropy()));
    expect(ivs.size).toBe(50);
    expect(entropies.size).toBe(50);
    for (const x of [...ivs, ...entropies]) expect(x).toMatch(/^[0-9a-f]{32}$/);
  });
});
