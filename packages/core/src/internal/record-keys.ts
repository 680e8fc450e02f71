// The two record formats seen from the flows in hedgehog.ts: how a record's key is found for its
// iv, and how entropy is sealed and opened under it. A Hedgehog record's key is a derivation of
// the password per iv; a strengthened record's is an HMAC of the one strong derivation.
import { Authentication } from '../authentication.ts';
import { StrongRecord } from '../strong-record.ts';
import type { AuthRecord, RecordFormat } from '../types.ts';

export type { RecordFormat };

export interface RecordKeys {
  format: RecordFormat;
  keyFor(iv: string): Promise<Uint8Array>;
}

/** Hedgehog's keys for `password`; `preset`: a key already derived for one iv. */
export function hedgehogKeys(
  password: string,
  preset?: { iv: string; key: Uint8Array | null },
): RecordKeys {
  return {
    format: 'hedgehog',
    keyFor: (iv) =>
      preset?.key && preset.iv === iv
        ? Promise.resolve(preset.key)
        : Authentication.createKey(password, iv),
  };
}

/** The strengthened record's keys, from its one derivation. */
export function strongKeys(master: Uint8Array): RecordKeys {
  return { format: 'strong', keyFor: (iv) => StrongRecord.key(master, iv) };
}

export async function sealEntropy(keys: RecordKeys, entropy: string, iv: string): Promise<string> {
  const key = await keys.keyFor(iv);
  return keys.format === 'strong'
    ? StrongRecord.encryptEntropy(entropy, key, iv)
    : Authentication.encryptEntropy(entropy, key, iv);
}

/** The record's entropy, or DecryptionFailedError. */
export async function openEntropy(keys: RecordKeys, record: AuthRecord): Promise<string> {
  const key = await keys.keyFor(record.iv);
  return keys.format === 'strong'
    ? StrongRecord.decryptEntropy(record.cipherText, key, record.iv)
    : Authentication.decryptEntropy(record.cipherText, key, record.iv);
}
