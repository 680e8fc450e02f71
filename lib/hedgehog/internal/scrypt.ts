// scrypt through hash-wasm: WebAssembly bundled with the code (no CDN, no worker), within a few
// percent of native OpenSSL in Node and 2-3x faster than pure-JS scrypt (see docs/wallet-core.md).
import { scrypt } from 'hash-wasm';

/** Hedgehog's parameters; changing any of them makes every existing record unreadable. */
const SCRYPT_PARAMS = { N: 32768, r: 8, p: 1, dkLen: 32 } as const;

const utf8 = new TextEncoder();

export function scryptKey(password: string, salt: string): Promise<Uint8Array> {
  return scrypt({
    password: utf8.encode(password),
    salt: utf8.encode(salt),
    costFactor: SCRYPT_PARAMS.N,
    blockSize: SCRYPT_PARAMS.r,
    parallelism: SCRYPT_PARAMS.p,
    hashLength: SCRYPT_PARAMS.dkLen,
    outputType: 'binary',
  });
}

let warming: Promise<void> | null = null;

/**
 * Compiles the scrypt, SHA-256 and HMAC WebAssembly modules and runs the mixing loop on a tiny
 * cost so the engine can optimise it before the first real derivation. Memoised: later calls
 * return the same promise. A few milliseconds; worth it in a freshly started service worker.
 */
export function warmUpScrypt(): Promise<void> {
  warming ??= (async () => {
    for (let i = 0; i < 3; i++) {
      await scrypt({
        password: 'warm-up',
        salt: 'warm-up',
        costFactor: 1024,
        blockSize: SCRYPT_PARAMS.r,
        parallelism: 1,
        hashLength: 32,
        outputType: 'binary',
      });
    }
  })();
  return warming;
}
