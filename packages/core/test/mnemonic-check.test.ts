// Reading a recovery phrase: every shared vector's phrase gives its entropy, and a typo, a wrong
// word count or a bad checksum is refused with its reason, as ethers' own validator judges it.
import { Mnemonic, randomBytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import { checkMnemonic, suggestMnemonicWords } from '../src/index.ts';

describe('checkMnemonic', () => {
  it.each(fixtures.vectors)('reads $name: phrase and entropy as Hedgehog made them', (v) => {
    const check = checkMnemonic(v.mnemonic);
    expect(check).toEqual({ ok: true, phrase: v.mnemonic, entropy: v.entropy });
  });

  it('reads a pasted phrase with capitals, line breaks and extra spaces as the same phrase', () => {
    const [v] = fixtures.vectors;
    const messy = `  ${v!.mnemonic.toUpperCase().split(' ').join('\n\t ')}  `;
    expect(checkMnemonic(messy)).toEqual({ ok: true, phrase: v!.mnemonic, entropy: v!.entropy });
  });

  it('names the first word that is not on the list', () => {
    const words = fixtures.vectors[0]!.mnemonic.split(' ');
    words[4] = 'obscrue';
    const check = checkMnemonic(words.join(' '));
    expect(check).toMatchObject({ ok: false, reason: 'unknown-word', wordIndex: 4 });
    expect(check.ok ? '' : check.message).toContain('Word 5 ("obscrue")');
  });

  it('refuses a phrase of the wrong length, and an empty one', () => {
    const words = fixtures.vectors[0]!.mnemonic.split(' ');
    expect(checkMnemonic(words.slice(0, 11).join(' '))).toMatchObject({
      ok: false,
      reason: 'wrong-length',
    });
    expect(checkMnemonic([...words, ...words].join(' '))).toMatchObject({
      ok: false,
      reason: 'wrong-length',
    });
    expect(checkMnemonic('  ')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('refuses list words whose checksum does not match (a word swapped for another)', () => {
    const words = fixtures.vectors[0]!.mnemonic.split(' ');
    [words[0], words[1]] = [words[1]!, words[0]!];
    expect(Mnemonic.isValidMnemonic(words.join(' '))).toBe(false);
    expect(checkMnemonic(words.join(' '))).toMatchObject({ ok: false, reason: 'bad-checksum' });
  });

  it("agrees with ethers' validator and entropy on random phrases, valid and not", () => {
    const list = Mnemonic.fromEntropy(randomBytes(16)).wordlist;
    for (let i = 0; i < 300; i++) {
      const real = Mnemonic.fromEntropy(randomBytes(16));
      expect(checkMnemonic(real.phrase)).toEqual({
        ok: true,
        phrase: real.phrase,
        entropy: real.entropy.slice(2),
      });
      const random = Array.from(randomBytes(24))
        .slice(0, 12)
        .map((b, j) => list.getWord((b * 8 + j * 131 + i) % 2048))
        .join(' ');
      expect(checkMnemonic(random).ok).toBe(Mnemonic.isValidMnemonic(random));
    }
  });
});

describe('suggestMnemonicWords', () => {
  it('offers list words that start with what was typed, in list order', () => {
    expect(suggestMnemonicWords('aba')).toEqual(['abandon']);
    expect(suggestMnemonicWords('ZO')).toEqual(['zone', 'zoo']);
    expect(suggestMnemonicWords('ab', 3)).toEqual(['abandon', 'ability', 'able']);
    expect(suggestMnemonicWords('qx')).toEqual([]);
    expect(suggestMnemonicWords('')).toEqual([]);
  });
});
