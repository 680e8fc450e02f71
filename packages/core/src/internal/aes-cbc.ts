// AES-256-CBC with PKCS#7 padding through WebCrypto, available in pages, service workers and Node.

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available in this environment.');
  return s;
}

function importKey(key: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  return subtle().importKey('raw', key as BufferSource, { name: 'AES-CBC' }, false, [usage]);
}

export async function aesCbcEncrypt(
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
): Promise<Uint8Array> {
  const k = await importKey(key, 'encrypt');
  const out = await subtle().encrypt(
    { name: 'AES-CBC', iv: iv as BufferSource },
    k,
    plaintext as BufferSource,
  );
  return new Uint8Array(out);
}

/** Rejects (OperationError) when the padding is wrong, which is what a wrong key usually gives. */
export async function aesCbcDecrypt(
  key: Uint8Array,
  iv: Uint8Array,
  cipherText: Uint8Array,
): Promise<Uint8Array> {
  const k = await importKey(key, 'decrypt');
  const out = await subtle().decrypt(
    { name: 'AES-CBC', iv: iv as BufferSource },
    k,
    cipherText as BufferSource,
  );
  return new Uint8Array(out);
}
