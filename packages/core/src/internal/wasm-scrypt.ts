// scrypt in hash-wasm's WebAssembly on the calling thread, and its warm-up: used by the wallet
// core where there is no native scrypt and by the page's scrypt worker (scrypt-worker-main.ts),
// so both derive and warm up the same way. Imports nothing but hash-wasm: the worker's generated
// bundle is built from it.
import { scrypt } from 'hash-wasm';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  dkLen: number;
}

export function wasmScrypt(
  password: Uint8Array,
  salt: Uint8Array,
  { N, r, p, dkLen }: ScryptParams,
): Promise<Uint8Array> {
  return scrypt({
    password,
    salt,
    costFactor: N,
    blockSize: r,
    parallelism: p,
    hashLength: dkLen,
    outputType: 'binary',
  });
}

/**
 * Compiles the scrypt, SHA-256 and HMAC WebAssembly modules and runs the mixing loop (block size
 * `r`) on a tiny cost, so the engine optimises it before the first real derivation.
 */
export async function warmUpWasmScrypt(r: number): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await scrypt({
      password: 'warm-up',
      salt: 'warm-up',
      costFactor: 1024,
      blockSize: r,
      parallelism: 1,
      hashLength: 32,
      outputType: 'binary',
    });
  }
}
