// The low-level Hedgehog record format, byte-compatible with @audius/hedgehog 2.1.0:
//   lookupKey  = hex(scrypt(utf8(lower(username) + ':::' + password), utf8(LOOKUP_SALT)))
//   key        = scrypt(utf8(password), utf8(ivHex))        (salt is the ASCII of the hex iv)
//   cipherText = hex(AES-256-CBC-PKCS7(key, bytes(ivHex), utf8('hedgehog-entropy:::' + entropy)))

import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import { DecryptionFailedError } from './errors.ts';
import { aesCbcDecrypt, aesCbcEncrypt } from './internal/aes-cbc.ts';
import { randomBytes } from './internal/random.ts';
import { scryptKey, scryptKeyOffThread, warmUpScrypt } from './internal/scrypt.ts';

/** Hedgehog hard-codes this "iv" so the lookup key is deterministic; the 0x is part of the salt. */
const LOOKUP_SALT = '0x4f7242b39969c3ac4c6712524d633ce9';
const PLAINTEXT_PREFIX = 'hedgehog-entropy:::';
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

async function createAuthLookupKey(username: string, password: string): Promise<string> {
  // Lowercased like the original, so lookups are case-insensitive on the username only.
  return bytesToHex(await scryptKey(`${username.toLowerCase()}:::${password}`, LOOKUP_SALT));
}

function createKey(password: string, ivHex: string): Promise<Uint8Array> {
  return scryptKey(password, ivHex);
}

/**
 * createKey on a web page's worker (internal: sign-up's second thread); null when the page has
 * none, and the caller derives the key itself.
 */
export function createKeyOffThread(password: string, ivHex: string): Promise<Uint8Array | null> {
  return scryptKeyOffThread(password, ivHex);
}

function createIv(): string {
  return bytesToHex(randomBytes(16));
}

function encryptEntropy(entropyHex: string, key: Uint8Array, ivHex: string): Promise<string> {
  return encryptPrefixedEntropy(PLAINTEXT_PREFIX, entropyHex, key, ivHex);
}

function decryptEntropy(cipherTextHex: string, key: Uint8Array, ivHex: string): Promise<string> {
  return decryptPrefixedEntropy(PLAINTEXT_PREFIX, cipherTextHex, key, ivHex);
}

/** AES-256-CBC of `prefix + entropyHex` (the Hedgehog record's, or the strengthened record's). */
export async function encryptPrefixedEntropy(
  prefix: string,
  entropyHex: string,
  key: Uint8Array,
  ivHex: string,
): Promise<string> {
  const plaintext = utf8.encode(prefix + entropyHex);
  return bytesToHex(await aesCbcEncrypt(key, hexToBytes(ivHex), plaintext));
}

/** The entropy of a cipherText sealed with `prefix`, or DecryptionFailedError. */
export async function decryptPrefixedEntropy(
  prefix: string,
  cipherTextHex: string,
  key: Uint8Array,
  ivHex: string,
): Promise<string> {
  let text: string;
  try {
    const plain = await aesCbcDecrypt(key, hexToBytes(ivHex), hexToBytes(cipherTextHex));
    text = fromUtf8.decode(plain);
  } catch (cause) {
    throw new DecryptionFailedError({ cause });
  }
  // A wrong key passes the padding check about 1 time in 256; the prefix catches those.
  const entropy = text.startsWith(prefix) ? text.slice(prefix.length) : '';
  if (!/^(?:[0-9a-f]{2})+$/.test(entropy)) throw new DecryptionFailedError();
  return entropy;
}

export const Authentication = {
  createAuthLookupKey,
  createKey,
  createIv,
  encryptEntropy,
  decryptEntropy,
  /** Compiles and warms the scrypt WebAssembly; optional, memoised, safe to call repeatedly. */
  warmUp: warmUpScrypt,
} as const;
