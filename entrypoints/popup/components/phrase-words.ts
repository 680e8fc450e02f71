// The restore form's 12 word fields as data: typing, pasting a whole phrase into any field, and
// what to say about each word and the phrase while the person types (before anything is sent).
import {
  checkMnemonic,
  MNEMONIC_WORD_COUNT,
  mnemonicWordIndex,
  mnemonicWords,
  suggestMnemonicWords,
} from '@encore-wallet/core';

export const EMPTY_WORDS: readonly string[] = Array.from({ length: MNEMONIC_WORD_COUNT }, () => '');

/**
 * The fields after `value` was typed or pasted into field `index`: one word stays in its field;
 * several words (a pasted phrase) fill the fields from `index` on, or from the first field when
 * they are a whole phrase.
 */
export function enterWords(words: readonly string[], index: number, value: string): string[] {
  const tokens = mnemonicWords(value);
  const next = [...words];
  if (tokens.length <= 1) {
    next[index] = value.trim().toLowerCase();
    return next;
  }
  const start = tokens.length >= MNEMONIC_WORD_COUNT ? 0 : index;
  tokens.slice(0, MNEMONIC_WORD_COUNT - start).forEach((token, i) => {
    next[start + i] = token;
  });
  return next;
}

export type WordState = 'empty' | 'partial' | 'word' | 'unknown';

/** 'partial': the start of a list word (still typing); 'unknown': no list word starts so. */
export function wordState(word: string): WordState {
  if (!word) return 'empty';
  if (mnemonicWordIndex(word) >= 0) return 'word';
  return suggestMnemonicWords(word, 1).length > 0 ? 'partial' : 'unknown';
}

/**
 * One sentence about the phrase so far, or null when there is nothing to say yet: a word no list
 * word starts with, a finished word that is not on the list, or a full phrase whose checksum
 * fails. `focused` is the field being typed in (its unfinished word is not an error yet).
 */
export function phraseProblem(words: readonly string[], focused: number | null): string | null {
  for (const [i, word] of words.entries()) {
    const state = wordState(word);
    if (state === 'unknown' || (state === 'partial' && i !== focused)) {
      return `Word ${i + 1} ("${word}") is not a recovery-phrase word. Check its spelling.`;
    }
  }
  if (words.some((word) => !word)) return null;
  const check = checkMnemonic(words.join(' '));
  return check.ok ? null : check.message;
}
