// Random bytes from WebCrypto's CSPRNG (pages, service workers and Node 20 alike).

export function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  globalThis.crypto.getRandomValues(out);
  return out;
}
