// scrypt with Hedgehog's parameters. In Node, OpenSSL's (node:crypto, reached through
// process.getBuiltinModule so no bundler ever sees a Node import): it runs on libuv's thread pool,
// so a sign-up's two independent derivations run at the same time. Elsewhere (pages, the
// extension), hash-wasm: WebAssembly bundled with the code (no CDN), within a few percent of
// native OpenSSL and 2-3x faster than pure-JS scrypt (see docs/wallet-core.md), on the calling
// thread; a web page can also run one on a worker (scrypt-off-thread.ts) while it derives another.
// The bytes are the same every way (scrypt is deterministic; the held vectors run against each).
import {
  offThreadScryptPossible,
  offThreadScryptReady,
  prepareOffThreadScrypt,
  scryptOffThread,
} from './scrypt-off-thread.ts';
import { type ScryptParams, warmUpWasmScrypt, wasmScrypt } from './wasm-scrypt.ts';

/** Hedgehog's parameters; changing any of them makes every existing record unreadable. */
const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 32768, r: 8, p: 1, dkLen: 32 };
/** 128·r·N bytes of working memory, and room for OpenSSL's own: above Node's 32 MiB default. */
const NATIVE_MAXMEM = 64 * 1024 * 1024;

const utf8 = new TextEncoder();

type NativeScrypt = (
  password: Uint8Array,
  salt: Uint8Array,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
  callback: (error: Error | null, key: Uint8Array) => void,
) => void;

export type ScryptImplementation = 'native' | 'wasm';

function findNative(): NativeScrypt | null {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = host?.getBuiltinModule?.('node:crypto') as { scrypt?: unknown } | undefined;
  return typeof crypto?.scrypt === 'function' ? (crypto.scrypt as NativeScrypt) : null;
}

let native: NativeScrypt | null | undefined;
let forced: ScryptImplementation | null = null;

function nativeScrypt(): NativeScrypt | null {
  if (forced === 'wasm') return null;
  native ??= findNative();
  return native;
}

/** Which implementation derives keys here (benches compare them; tests run the vectors on both). */
export function scryptImplementation(): ScryptImplementation {
  return nativeScrypt() ? 'native' : 'wasm';
}

/** Pins the implementation (null: the default for this runtime). For benches and tests. */
export function useScryptImplementation(choice: ScryptImplementation | null): void {
  if (choice === 'native' && !findNative()) throw new Error('no native scrypt in this runtime');
  forced = choice;
}

/** Whether two derivations started together run at the same time (not one after the other). */
export function scryptRunsInParallel(): boolean {
  return nativeScrypt() !== null;
}

/**
 * The strengthened record's parameters (strong-record.ts): OWASP's minimum N for scrypt (2^17, four
 * times Hedgehog's) with the block size one step above it (r = 9): 4.5 times the work and the
 * memory (144 MiB) of a Hedgehog derivation, so the measured cost per guess clears 4x (N = 2^17
 * with r = 8 measured 3.9-4.1x, at the edge).
 */
export const STRONG_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 131072, r: 9, p: 1, dkLen: 32 };

export function scryptKey(password: string, salt: string): Promise<Uint8Array> {
  return scryptKeyWith(SCRYPT_PARAMS, password, salt);
}

/** scrypt with the strengthened record's parameters, on this thread (or the thread pool in Node). */
export function strongScryptKey(password: string, salt: string): Promise<Uint8Array> {
  return scryptKeyWith(STRONG_SCRYPT_PARAMS, password, salt);
}

/**
 * The strong derivation on a web page's worker; null when the page has none (the caller then
 * derives on its own thread, after whatever it derives first).
 */
export function strongScryptKeyOffThread(
  password: string,
  salt: string,
): Promise<Uint8Array | null> {
  if (!scryptOffThreadPossible()) return Promise.resolve(null);
  return scryptOffThread(utf8.encode(password), utf8.encode(salt), STRONG_SCRYPT_PARAMS);
}

function scryptKeyWith(
  params: Readonly<ScryptParams>,
  password: string,
  salt: string,
): Promise<Uint8Array> {
  const nativeFn = nativeScrypt();
  if (nativeFn) {
    const { N, r, p, dkLen } = params;
    // 128·r·N bytes, twice over for OpenSSL's own: 64 MiB for Hedgehog's, 256 MiB for the strong.
    const maxmem = Math.max(NATIVE_MAXMEM, 2 * 128 * r * N);
    return new Promise((resolve, reject) =>
      nativeFn(
        utf8.encode(password),
        utf8.encode(salt),
        dkLen,
        { N, r, p, maxmem },
        (error, key) =>
          error ? reject(error) : resolve(new Uint8Array(key.buffer, key.byteOffset, key.length)),
      ),
    );
  }
  return wasmScrypt(utf8.encode(password), utf8.encode(salt), params);
}

/**
 * Whether a derivation can be handed to another thread of a web page (see scrypt-off-thread.ts),
 * where they otherwise run one at a time. Never where native scrypt derives.
 */
export function scryptOffThreadPossible(): boolean {
  return !nativeScrypt() && offThreadScryptPossible();
}

/** Starts a web page's scrypt worker ahead of its first derivation; nothing elsewhere. */
export function prepareScryptOffThread(): void {
  if (scryptOffThreadPossible()) prepareOffThreadScrypt();
}

/** Resolves once the page's worker is warm (or failed), or after maxWaitMs at the latest. */
export function scryptOffThreadReady(maxWaitMs: number): Promise<void> {
  return scryptOffThreadPossible() ? offThreadScryptReady(maxWaitMs) : Promise.resolve();
}

/** scrypt on the page's worker; null when there is none, and the caller derives it itself. */
export function scryptKeyOffThread(password: string, salt: string): Promise<Uint8Array | null> {
  return scryptOffThread(utf8.encode(password), utf8.encode(salt), SCRYPT_PARAMS);
}

let warming: Promise<void> | null = null;

/**
 * Compiles the scrypt, SHA-256 and HMAC WebAssembly modules and runs the mixing loop on a tiny
 * cost so the engine can optimise it before the first real derivation. Memoised: later calls
 * return the same promise. A few milliseconds; worth it in a freshly started service worker.
 * Nothing to do where native scrypt derives.
 */
export function warmUpScrypt(): Promise<void> {
  if (nativeScrypt()) return Promise.resolve();
  warming ??= warmUpWasmScrypt(SCRYPT_PARAMS.r);
  return warming;
}
