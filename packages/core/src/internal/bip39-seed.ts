// The BIP-39 seed through WebCrypto's native PBKDF2 (HMAC-SHA512, 2,048 rounds) instead of ethers'
// JavaScript one: the same bytes (packages/core/test/bip39-seed.test.ts checks every vector),
// several times faster, and off the worker's thread where the browser runs WebCrypto elsewhere.
import { HDNodeWallet, pbkdf2 } from 'ethers';
import { englishWordlist } from './english-wordlist.ts';

const utf8 = new TextEncoder();

export async function bip39Seed(phrase: string, passphrase = ''): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto (crypto.subtle) is not available in this environment.');
  const key = await subtle.importKey(
    'raw',
    utf8.encode(phrase.normalize('NFKD')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-512',
      salt: utf8.encode(`mnemonic${passphrase}`.normalize('NFKD')),
      iterations: 2048,
    },
    key,
    512,
  );
  return new Uint8Array(bits);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * `HDNodeWallet.fromPhrase(phrase, '', path)`, mnemonic included, with the BIP-39 seed already
 * computed (`seed`, from `bip39Seed(phrase)`). For the duration of this one synchronous call,
 * ethers' PBKDF2 answers exactly this phrase's seed input (password, salt `mnemonic`, 2,048
 * rounds, 64 bytes, SHA-512) with `seed` and computes anything else with its own implementation
 * (`pbkdf2._`), which is registered again afterwards. Where ethers' PBKDF2 is locked
 * (`ethers.lock()`), ethers computes the seed itself: the same wallet, only slower.
 */
export function walletFromPhraseWithSeed(
  phrase: string,
  seed: Uint8Array,
  path: string,
): HDNodeWallet {
  const password = utf8.encode(phrase.normalize('NFKD'));
  const salt = utf8.encode('mnemonic');
  const answer = Uint8Array.from(seed);
  try {
    pbkdf2.register((pw, sa, iterations, keylen, algo) =>
      iterations === 2048 &&
      keylen === 64 &&
      algo === 'sha512' &&
      sameBytes(pw, password) &&
      sameBytes(sa, salt)
        ? Uint8Array.from(answer)
        : pbkdf2._(pw, sa, iterations, keylen, algo),
    );
  } catch {
    return HDNodeWallet.fromPhrase(phrase, '', path, englishWordlist());
  }
  try {
    return HDNodeWallet.fromPhrase(phrase, '', path, englishWordlist());
  } finally {
    pbkdf2.register(pbkdf2._);
  }
}
