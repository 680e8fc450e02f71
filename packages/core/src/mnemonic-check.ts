// Reads a recovery phrase as a person types or pastes it: the 12 BIP-39 English words behind a
// Hedgehog wallet's 128 bits of entropy. Precise answers (which word is unknown, a bad checksum)
// so the popup can say what is wrong before anything is sent, and the wallet core refuses the
// same inputs with the same reasons.

import { hexToBytes } from '@encore-wallet/utils/encoding';
import { sha256 } from 'ethers';
import type { InvalidMnemonicReason } from './errors.ts';
import { englishWordlist } from './internal/english-wordlist.ts';

/** Hedgehog's entropy is 16 bytes: 12 words (11 bits each, the last 4 bits a checksum). */
export const MNEMONIC_WORD_COUNT = 12;

export type MnemonicCheck =
  | { ok: true; phrase: string; entropy: string }
  | { ok: false; reason: InvalidMnemonicReason; message: string; wordIndex?: number };

/**
 * Words as typed: lowercased, NFKD (as BIP-39 normalises), split on any whitespace, so a phrase
 * pasted with line breaks or numbering gaps reads the same.
 */
export function mnemonicWords(input: string): string[] {
  return input.normalize('NFKD').toLowerCase().trim().split(/\s+/u).filter(Boolean);
}

/** The word's index in the English list, or -1. */
export function mnemonicWordIndex(word: string): number {
  return englishWordlist().getWordIndex(word.normalize('NFKD').toLowerCase());
}

/** Up to `limit` list words starting with `prefix` (autocomplete), in list order. */
export function suggestMnemonicWords(prefix: string, limit = 6): string[] {
  const start = prefix.normalize('NFKD').toLowerCase().trim();
  if (!start) return [];
  const list = englishWordlist();
  const found: string[] = [];
  for (let i = 0; i < 2048 && found.length < limit; i++) {
    const word = list.getWord(i);
    if (word.startsWith(start)) found.push(word);
  }
  return found;
}

/** Checks a whole phrase: 12 list words whose last 4 bits are the entropy's SHA-256 checksum. */
export function checkMnemonic(input: string): MnemonicCheck {
  const words = mnemonicWords(input);
  if (words.length === 0) {
    return { ok: false, reason: 'empty', message: 'Enter your 12-word recovery phrase.' };
  }
  const indices: number[] = [];
  for (const [i, word] of words.entries()) {
    const index = mnemonicWordIndex(word);
    if (index < 0) {
      return {
        ok: false,
        reason: 'unknown-word',
        wordIndex: i,
        message: `Word ${i + 1} ("${word}") is not a recovery-phrase word. Check its spelling.`,
      };
    }
    indices.push(index);
  }
  if (words.length !== MNEMONIC_WORD_COUNT) {
    return {
      ok: false,
      reason: 'wrong-length',
      message: `A recovery phrase has ${MNEMONIC_WORD_COUNT} words; this one has ${words.length}.`,
    };
  }
  // 12 x 11 bits = 128 bits of entropy followed by a 4-bit checksum.
  let bits = 0n;
  for (const index of indices) bits = (bits << 11n) | BigInt(index);
  const checksum = Number(bits & 0xfn);
  const entropy = (bits >> 4n).toString(16).padStart(32, '0');
  // The checksum is the first 4 bits of SHA-256(entropy): the first hex digit of the digest.
  const expected = Number.parseInt(sha256(hexToBytes(entropy)).slice(2, 3), 16);
  if (checksum !== expected) {
    return {
      ok: false,
      reason: 'bad-checksum',
      message:
        'These 12 words are not a valid recovery phrase (the checksum does not match). One word is probably wrong or out of order.',
    };
  }
  return { ok: true, phrase: words.join(' '), entropy };
}
