import { bytesToHex } from './hex.ts';

/** Lowercase hex SHA-256 of the UTF-8 text (WebCrypto: pages, the service worker and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest));
}
