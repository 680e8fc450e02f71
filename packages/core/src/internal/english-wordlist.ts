// BIP-39's English list, decoded from the copy ethers ships (its `LangEn` data) once, without the
// Keccak-256 check of the whole decoded list that ethers' own `LangEn` runs on first use. That
// check hashes 13 KB in code the engine has not optimised yet: measured in Node, 5.5 ms to
// decode against ~24 ms to decode and check, on every fresh service worker's first wallet.
// packages/core/test/first-wallet-tables.test.ts holds this list to ethers' checked one, word for
// word, so the check still runs — in the tests, not in front of a person.
import { LangEn, Wordlist } from 'ethers';

class EnglishWordlist extends Wordlist {
  #words: string[] | null = null;
  #indices: Map<string, number> | null = null;

  constructor() {
    super('en');
  }

  #list(): string[] {
    this.#words ??= LangEn.wordlist()._decodeWords();
    return this.#words;
  }

  getWord(index: number): string {
    const word = this.#list()[index];
    if (!Number.isInteger(index) || word === undefined) {
      throw new RangeError(`No BIP-39 English word has index ${index}`);
    }
    return word;
  }

  getWordIndex(word: string): number {
    if (!this.#indices) this.#indices = new Map(this.#list().map((w, i) => [w, i]));
    return this.#indices.get(word) ?? -1;
  }
}

let wordlist: Wordlist | null = null;

/** The English wordlist every mnemonic here is written and read with. */
export function englishWordlist(): Wordlist {
  wordlist ??= new EnglishWordlist();
  return wordlist;
}
