/** HMAC-SHA-256 of the UTF-8 text under `key` (WebCrypto: pages, the service worker and Node). */
export async function hmacSha256(key: Uint8Array, text: string): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const hmacKey = await subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle.sign('HMAC', hmacKey, new TextEncoder().encode(text)));
}
