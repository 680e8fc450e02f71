// The strengthened record: the same three strings a Hedgehog backend stores ({iv, cipherText,
// lookupKey}, same lengths and alphabet), made from one scrypt derivation at OWASP's minimum cost
// (N = 2^17, r = 9, p = 1: OWASP's minimum N with the block size one above, 4.5 times a Hedgehog
// derivation's work and memory):
//   master     = scrypt(utf8(lower(username) + ':::' + password), utf8(STRONG_SALT), 2^17, 9, 1, 32)
//   lookupKey  = hex(HMAC-SHA256(master, utf8('encore-strong-lookup-key')))
//   iv         = 16 random bytes, as 32 lowercase hex chars
//   key        = HMAC-SHA256(master, utf8('encore-strong-key:::' + ivHex))
//   cipherText = hex(AES-256-CBC-PKCS7(key, bytes(ivHex), utf8('encore-strong-entropy:::' + entropyHex)))
// The lookup key and the key both cost the one strong derivation, so a guess against either (the
// lookup key is itself a password oracle to whoever holds the table) costs 4.5 Hedgehog
// derivations, and a login derives once instead of twice. `@audius/hedgehog` cannot open it.

import { bytesToHex, hmacSha256 } from '@encore-wallet/utils/encoding';
import { decryptPrefixedEntropy, encryptPrefixedEntropy } from './authentication.ts';
import {
  STRONG_SCRYPT_PARAMS,
  strongScryptKey,
  strongScryptKeyOffThread,
} from './internal/scrypt.ts';
import type { ScryptParams } from './internal/wasm-scrypt.ts';

/** The strong derivation's fixed salt (the username is in its input, as in Hedgehog's lookup key). */
export const STRONG_SALT = 'encore-strong-record-v1';
const LOOKUP_LABEL = 'encore-strong-lookup-key';
const KEY_LABEL = 'encore-strong-key:::';
const PLAINTEXT_PREFIX = 'encore-strong-entropy:::';

/** The credentials a strengthened record is made under: the username trimmed and NFC, the password NFC. */
export function strongCredentials(
  username: string,
  password: string,
): { username: string; password: string } {
  return { username: username.trim().normalize('NFC'), password: password.normalize('NFC') };
}

function masterInput(username: string, password: string): string {
  return `${username.toLowerCase()}:::${password}`;
}

/**
 * The scrypt input of the strong derivation of these credentials (normalised as
 * strongCredentials), for a caller that runs it on a thread of its own and hands the key to
 * `login` (LoginOptions.strongMaster): the extension's popup.
 */
export function strongMasterJob(
  username: string,
  password: string,
): { password: string; salt: string; params: Readonly<ScryptParams> } {
  const creds = strongCredentials(username, password);
  return {
    password: masterInput(creds.username, creds.password),
    salt: STRONG_SALT,
    params: STRONG_SCRYPT_PARAMS,
  };
}

/** The one strong derivation of a login (on this thread, or the thread pool in Node). */
function deriveMaster(username: string, password: string): Promise<Uint8Array> {
  return strongScryptKey(masterInput(username, password), STRONG_SALT);
}

/** The same derivation on a web page's worker, or null where there is none. */
function deriveMasterOffThread(username: string, password: string): Promise<Uint8Array | null> {
  return strongScryptKeyOffThread(masterInput(username, password), STRONG_SALT);
}

async function lookupKey(master: Uint8Array): Promise<string> {
  return bytesToHex(await hmacSha256(master, LOOKUP_LABEL));
}

function key(master: Uint8Array, ivHex: string): Promise<Uint8Array> {
  return hmacSha256(master, KEY_LABEL + ivHex);
}

function encryptEntropy(entropyHex: string, aesKey: Uint8Array, ivHex: string): Promise<string> {
  return encryptPrefixedEntropy(PLAINTEXT_PREFIX, entropyHex, aesKey, ivHex);
}

function decryptEntropy(cipherTextHex: string, aesKey: Uint8Array, ivHex: string): Promise<string> {
  return decryptPrefixedEntropy(PLAINTEXT_PREFIX, cipherTextHex, aesKey, ivHex);
}

/** The strengthened record's primitives, as `Authentication` holds Hedgehog's. */
export const StrongRecord = {
  deriveMaster,
  deriveMasterOffThread,
  lookupKey,
  key,
  encryptEntropy,
  decryptEntropy,
} as const;
