// The program of a page's scrypt worker (see scrypt-off-thread.ts). Not imported by the wallet
// core: packages/core/scripts/build-scrypt-worker.ts bundles it with hash-wasm into one classic script, kept as
// a string in packages/core/src/generated/scrypt-worker-source.ts, from which the page makes the
// worker. It warms its WebAssembly up first and says so ({ ready: true }); then one message in,
// one out: the key, or why there is none.
import { type ScryptParams, warmUpWasmScrypt, wasmScrypt } from './wasm-scrypt.ts';

export interface ScryptJob extends ScryptParams {
  id: number;
  password: Uint8Array;
  salt: Uint8Array;
}

export type ScryptAnswer =
  | { ready: true }
  | { id: number; key: Uint8Array }
  | { id: number; error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ScryptJob>) => void) | null;
  postMessage(message: ScryptAnswer, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;

// The same warm-up as the page's thread runs, before the first real derivation. Hedgehog's block
// size is the only one the core asks for.
const warm = warmUpWasmScrypt(8)
  .catch(() => undefined)
  .then(() => scope.postMessage({ ready: true }));

scope.onmessage = async ({ data: job }) => {
  try {
    await warm;
    const key = await wasmScrypt(job.password, job.salt, job);
    scope.postMessage({ id: job.id, key }, [key.buffer]);
  } catch (error) {
    scope.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
