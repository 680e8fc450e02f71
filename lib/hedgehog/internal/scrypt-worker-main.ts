// The program of a page's scrypt worker (see scrypt-off-thread.ts). Not imported by the wallet
// core: scripts/build-scrypt-worker.ts bundles it with hash-wasm into one classic script, kept as
// a string in lib/hedgehog/generated/scrypt-worker-source.ts, from which the page makes the
// worker. It warms its WebAssembly up first and says so ({ ready: true }); then one message in,
// one out: the key, or why there is none.
import { scrypt } from 'hash-wasm';

export interface ScryptJob {
  id: number;
  password: Uint8Array;
  salt: Uint8Array;
  N: number;
  r: number;
  p: number;
  dkLen: number;
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

// A few small derivations compile the modules and let the engine optimise the mixing loop before
// the first real one (the page's thread does the same in its warm-up).
const warm = (async () => {
  for (let i = 0; i < 3; i++) {
    await scrypt({
      password: 'warm-up',
      salt: 'warm-up',
      costFactor: 1024,
      blockSize: 8,
      parallelism: 1,
      hashLength: 32,
      outputType: 'binary',
    });
  }
})()
  .catch(() => undefined)
  .then(() => scope.postMessage({ ready: true }));

scope.onmessage = async ({ data: job }) => {
  try {
    await warm;
    const key = await scrypt({
      password: job.password,
      salt: job.salt,
      costFactor: job.N,
      blockSize: job.r,
      parallelism: job.p,
      hashLength: job.dkLen,
      outputType: 'binary',
    });
    scope.postMessage({ id: job.id, key }, [key.buffer]);
  } catch (error) {
    scope.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
