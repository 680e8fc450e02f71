import { describe, expect, it } from 'vitest';
import { containsInvisible, hasInvisible, revealInvisible } from '../../../lib/eip/index.ts';

const BIDI = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c,
];
const ZERO_WIDTH = [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff];
// Other characters that render as nothing: soft hyphen, combining grapheme joiner, Hangul filler,
// Mongolian vowel separator, invisible plus, a tag letter, interlinear annotation, a C1 control.
const OTHER = [0x00ad, 0x034f, 0x3164, 0x180e, 0x2064, 0xe0041, 0xfff9, 0x0085];

/** The text as the window shows it, tokens spelled out. */
const revealedText = (text: string): string =>
  revealInvisible(text)
    .map((part) => (part.hidden ? part.label : part.text))
    .join('');

const label = (codePoint: number) => `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;

describe('invisible and direction-changing characters', () => {
  it('shows every one as a marked ⟨U+…⟩ token where it stood', () => {
    for (const codePoint of [...BIDI, ...ZERO_WIDTH, ...OTHER]) {
      const text = `pay ${String.fromCodePoint(codePoint)}alice`;
      expect(hasInvisible(text)).toBe(true);
      expect(revealedText(text)).toBe(`pay ${label(codePoint)}alice`);
    }
  });

  it('reveals the classic right-to-left override trick', () => {
    // Reads "Approve 1 USDC" on screen, while the text holds "Approve 1 CDSU"…
    const text = 'Approve 1 \u202eCDSU\u202c';
    expect(revealInvisible(text)).toEqual([
      { hidden: false, text: 'Approve 1 ' },
      { hidden: true, label: '⟨U+202E⟩' },
      { hidden: false, text: 'CDSU' },
      { hidden: true, label: '⟨U+202C⟩' },
    ]);
  });

  it('leaves ordinary text alone: tabs, line breaks, accents, emoji with presentation selectors', () => {
    for (const text of ['Line one\n\tline two\r\n', 'Héllo — 日本語 עברית', 'I ❤️ this track ✌︎']) {
      expect(hasInvisible(text)).toBe(false);
      expect(revealedText(text)).toBe(text);
    }
  });

  it('finds them anywhere inside typed data, keys included', () => {
    expect(containsInvisible({ name: 'Encore', list: ['a', { deep: 'b\u2066c' }] })).toBe(true);
    expect(containsInvisible({ 'na\u200bme': 'Encore' })).toBe(true);
    expect(containsInvisible({ name: 'Encore', flag: true, list: [['1', '2']] })).toBe(false);
  });
});
