// The WebCrypto BIP-39 seed and the wallet built from it are byte-identical to ethers' own
// derivation (HDNodeWallet.fromPhrase) for every reference vector and for random entropy, and
// carries the mnemonic as ethers' wallet does.

import { bytesToHex } from '@encore-wallet/utils/encoding';
import { HDNodeWallet, hexlify, Mnemonic, pbkdf2 } from 'ethers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import { WalletManager } from '../src/index.ts';
import { bip39Seed } from '../src/internal/bip39-seed.ts';

const { vectors, extras } = fixtures;

describe.each(vectors)('vector $name', (v) => {
  it('gives the recorded seed, key and address, as ethers does', async () => {
    const seed = bytesToHex(await bip39Seed(v.mnemonic));
    expect(seed).toBe(v.seedHex.replace(/^0x/, ''));
    expect(`0x${seed}`).toBe(Mnemonic.fromPhrase(v.mnemonic).computeSeed());

    const wallet = await WalletManager.deriveWallet(v.entropy, v.path);
    const reference = HDNodeWallet.fromPhrase(v.mnemonic, '', v.path);
    expect(wallet.privateKey).toBe(v.privateKey);
    expect(wallet.address).toBe(v.checksumAddress);
    expect(wallet.privateKey).toBe(reference.privateKey);
    expect(wallet.publicKey).toBe(reference.publicKey);
    expect(wallet.chainCode).toBe(reference.chainCode);
    expect(wallet.path).toBe(reference.path);
    expect(wallet.mnemonic?.phrase).toBe(v.mnemonic);
    expect(wallet.mnemonic?.phrase).toBe(reference.mnemonic?.phrase);
    expect(wallet.mnemonic?.computeSeed()).toBe(`0x${v.seedHex.replace(/^0x/, '')}`);
  });
});

describe('ethers PBKDF2 around deriveWallet', () => {
  it('answers only the phrase being derived, and is ethers own implementation again afterwards', async () => {
    const [a, b] = vectors;
    const wallet = await WalletManager.deriveWallet(a!.entropy, a!.path);
    expect(wallet.address).toBe(a!.checksumAddress);
    // Another phrase's seed, computed after the derivation, is ethers' own result.
    expect(Mnemonic.fromPhrase(b!.mnemonic).computeSeed()).toBe(
      `0x${b!.seedHex.replace(/^0x/, '')}`,
    );
    // The derived phrase's own input is no longer answered from the seed given before.
    const input = [new Uint8Array([1, 2]), new Uint8Array([3]), 1, 16, 'sha256'] as const;
    expect(pbkdf2(...input)).toBe(hexlify(pbkdf2._(...input)));
  });
});

describe('extras', () => {
  it('fixedEncrypt and repoFixtureDecrypt open to the recorded wallets', async () => {
    for (const x of [extras.fixedEncrypt, extras.repoFixtureDecrypt]) {
      const wallet = await WalletManager.deriveWallet(x.entropy);
      expect(wallet.privateKey).toBe(x.privateKey);
      expect(wallet.address.toLowerCase()).toBe(x.address);
    }
  });
});

describe('against ethers for any entropy', () => {
  it('same seed and wallet for random 128- to 256-bit entropy', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(16, 20, 24, 28, 32)
          .chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        async (bytes) => {
          const entropy = bytesToHex(bytes);
          const phrase = WalletManager.mnemonicFromEntropy(entropy);
          const reference = HDNodeWallet.fromPhrase(phrase);
          expect(`0x${bytesToHex(await bip39Seed(phrase))}`).toBe(
            Mnemonic.fromPhrase(phrase).computeSeed(),
          );
          const wallet = await WalletManager.deriveWallet(entropy);
          expect(wallet.privateKey).toBe(reference.privateKey);
          expect(wallet.mnemonic?.phrase).toBe(phrase);
          expect(WalletManager.walletFromEntropy(entropy).privateKey).toBe(reference.privateKey);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('normalises the phrase and a passphrase to NFKD as BIP-39 says', async () => {
    const phrase = WalletManager.mnemonicFromEntropy(fixtures.vectors[0]!.entropy);
    for (const passphrase of ['', 'TREZOR', 'pa\u0308sswo\u0308rd', 'päss wörd ﬁ']) {
      expect(`0x${bytesToHex(await bip39Seed(phrase, passphrase))}`).toBe(
        Mnemonic.fromPhrase(phrase, passphrase).computeSeed(),
      );
    }
  });
});
