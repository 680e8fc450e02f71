// The restore form's word fields as data (typing, pasting, what is said while typing) and the
// clipboard guard of the recovery-phrase view, which never takes back what it did not put there.
import { describe, expect, it, vi } from 'vitest';
import {
  type ClipboardLike,
  copyForAWhile,
} from '../../../entrypoints/popup/components/clipboard-guard.ts';
import {
  EMPTY_WORDS,
  enterWords,
  phraseProblem,
} from '../../../entrypoints/popup/components/phrase-words.ts';
import { fixtures } from '../../support/hedgehog-vectors.ts';

const PHRASE = fixtures.vectors[0]!.mnemonic;
const WORDS = PHRASE.split(' ');

describe('restore form words', () => {
  it('spreads a whole phrase pasted into any field over the twelve fields', () => {
    expect(enterWords(EMPTY_WORDS, 0, `  ${PHRASE.toUpperCase()}\n`)).toEqual(WORDS);
    expect(enterWords(EMPTY_WORDS, 5, PHRASE)).toEqual(WORDS);
    const partial = enterWords(EMPTY_WORDS, 3, 'boat obscure');
    expect(partial.slice(2, 6)).toEqual(['', 'boat', 'obscure', '']);
  });

  it('says nothing while a word is being typed, and names a wrong word once left', () => {
    const typing = enterWords(EMPTY_WORDS, 0, 'yo');
    expect(phraseProblem(typing, 0)).toBeNull();
    expect(phraseProblem(typing, 1)).toContain('Word 1 ("yo")');
    const typo = [...WORDS];
    typo[6] = 'seeq';
    expect(phraseProblem(typo, null)).toContain('Word 7 ("seeq")');
    // No list word starts with it: wrong even while the field has focus.
    expect(phraseProblem(enterWords(EMPTY_WORDS, 0, 'qqq'), 0)).toContain('Word 1');
  });

  it('checks the checksum once all twelve words are in', () => {
    expect(phraseProblem(WORDS, null)).toBeNull();
    const swapped = [...WORDS];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(phraseProblem(swapped, null)).toContain('checksum');
  });
});

describe('copyForAWhile', () => {
  function fakeWitness() {
    const listeners = new Map<string, Set<() => void>>();
    return {
      addEventListener: (type: string, cb: () => void) => {
        listeners.set(type, (listeners.get(type) ?? new Set()).add(cb));
      },
      removeEventListener: (type: string, cb: () => void) => listeners.get(type)?.delete(cb),
      fire: (type: string) => {
        for (const cb of listeners.get(type) ?? []) cb();
      },
    };
  }

  function fakeClipboard(): ClipboardLike & { text: string } {
    const board = {
      text: '',
      writeText: async (text: string) => {
        board.text = text;
      },
      readText: async () => board.text,
    };
    return board;
  }

  it('clears the phrase after the delay when the clipboard still holds it', async () => {
    vi.useFakeTimers();
    try {
      const board = fakeClipboard();
      await copyForAWhile(PHRASE, board, 60_000, fakeWitness());
      expect(board.text).toBe(PHRASE);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(board.text).toBe(PHRASE);
      await vi.advanceTimersByTimeAsync(1);
      expect(board.text).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves what the person copied since, and an unreadable clipboard, alone', async () => {
    vi.useFakeTimers();
    try {
      const board = fakeClipboard();
      await copyForAWhile(PHRASE, board, 60_000, fakeWitness());
      board.text = 'something else';
      await vi.advanceTimersByTimeAsync(60_000);
      expect(board.text).toBe('something else');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the clipboard cannot be read, clears only if the page kept the focus throughout', async () => {
    vi.useFakeTimers();
    try {
      const refusing = (): ReturnType<typeof fakeClipboard> => {
        const board = fakeClipboard();
        board.readText = async () => {
          throw new Error('Read permission denied.');
        };
        return board;
      };
      const quiet = refusing();
      await copyForAWhile(PHRASE, quiet, 60_000, fakeWitness());
      await vi.advanceTimersByTimeAsync(60_000);
      expect(quiet.text).toBe('');

      for (const event of ['blur', 'copy', 'cut', 'visibilitychange']) {
        const board = refusing();
        const witness = fakeWitness();
        await copyForAWhile(PHRASE, board, 60_000, witness);
        witness.fire(event);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(board.text).toBe(PHRASE);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
