// One wallet value as it is kept where content scripts can read it (Firefox's storage.local):
// AES-GCM under the extension's own key, with the storage key it is kept under as additional
// data, so a sealed value opens only in its own slot (a username's ciphertext put in the entropy's
// place does not open). A fresh 96-bit IV for every write.

import { base64ToBytes, bytesToBase64 } from '@encore-wallet/utils/encoding';
import { z } from 'zod';

export interface SealedValue {
  sealed: 'AES-GCM';
  /** 12 bytes, base64. */
  iv: string;
  /** Ciphertext and 16-byte tag, base64. */
  data: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

// Built on first use: a worker that never reads a sealed value never makes it.
const sealedValueSchema = z.lazy(() =>
  z.strictObject({
    sealed: z.literal('AES-GCM'),
    iv: z.string().length(16).regex(BASE64),
    data: z.string().min(24).max(200_000).regex(BASE64),
  }),
);

/** Whether a stored value has the sealed shape (it may still not open). */
export function isSealedValue(value: unknown): value is SealedValue {
  return sealedValueSchema.safeParse(value).success;
}

/** A fresh AES-256-GCM key that can seal and open but never be exported. */
export function generateSealingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function sealValue(key: CryptoKey, slot: string, value: string): Promise<SealedValue> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encode(slot) },
    key,
    encode(value),
  );
  return { sealed: 'AES-GCM', iv: bytesToBase64(iv), data: bytesToBase64(new Uint8Array(data)) };
}

/** The value sealed for `slot` under `key`; null when it does not open (other key, other slot, changed). */
export async function openValue(
  key: CryptoKey,
  slot: string,
  sealed: SealedValue,
): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(sealed.iv), additionalData: encode(slot) },
      key,
      bytes(sealed.data),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

function bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(base64ToBytes(base64));
}

function encode(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
}
