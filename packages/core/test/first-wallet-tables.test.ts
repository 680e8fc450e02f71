// The wallet core's English wordlist skips ethers' checksum of the decoded list on first use;
// these tests run that check instead, and hold the list to ethers' checked one word for word.
// The generator table's window (curve-tables.ts) is checked to reach the curve ethers uses.
import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDNodeWallet, LangEn, Mnemonic } from 'ethers';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import { englishWordlist } from '../src/internal/english-wordlist.ts';
import { WalletManager } from '../src/wallet-manager.ts';

describe('englishWordlist', () => {
  it("is ethers' checked BIP-39 English list, word for word and index for index", () => {
    const ours = englishWordlist();
    const checked = LangEn.wordlist();
    expect(ours.locale).toBe('en');
    for (let i = 0; i < 2048; i++) {
      const word = checked.getWord(i);
      expect(ours.getWord(i)).toBe(word);
      expect(ours.getWordIndex(word)).toBe(i);
    }
  });

  it('refuses an index outside the list and answers -1 for a word not on it', () => {
    const list = englishWordlist();
    for (const index of [-1, 2048, 1.5, Number.NaN]) {
      expect(() => list.getWord(index)).toThrow(RangeError);
    }
    expect(list.getWordIndex('encore')).toBe(-1);
    expect(list.getWordIndex('constructor')).toBe(-1);
  });

  it.each(fixtures.vectors)('writes and reads $name as ethers does', (v) => {
    expect(WalletManager.mnemonicFromEntropy(v.entropy)).toBe(v.mnemonic);
    const phrase = Mnemonic.fromPhrase(v.mnemonic, '', englishWordlist());
    expect(phrase.entropy).toBe(`0x${v.entropy}`);
    expect(HDNodeWallet.fromPhrase(v.mnemonic, '', undefined, englishWordlist()).address).toBe(
      HDNodeWallet.fromPhrase(v.mnemonic).address,
    );
  });
});

describe('the generator table', () => {
  it('is set on the @noble/curves instance ethers computes public keys with', () => {
    // The window set in curve-tables.ts only matters if ethers resolves the very same module.
    const fromHere = createRequire(import.meta.url).resolve('@noble/curves/secp256k1');
    const fromEthers = createRequire(createRequire(import.meta.url).resolve('ethers')).resolve(
      '@noble/curves/secp256k1',
    );
    expect(fromEthers).toBe(fromHere);
  });

  it("is built with the wallet core's smaller window once a wallet is derived", async () => {
    await WalletManager.deriveWallet('00000000000000000000000000000000');
    const base = secp256k1.ProjectivePoint.BASE as unknown as { _WINDOW_SIZE?: number };
    expect(base._WINDOW_SIZE).toBe(6);
  });
});
