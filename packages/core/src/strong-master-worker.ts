// The strong derivation of a login (strong-record.ts) on a dedicated worker started from a script
// file of the caller's own origin: the extension's popup, whose Content Security Policy refuses
// the Blob worker a web page uses (internal/scrypt-off-thread.ts) but allows a worker script the
// extension ships (`scrypt-worker.js`, the same generated program). The worker can be started
// before the password is typed (a thread busy inside WebAssembly cannot start one), and derives
// once: it is ended when it answers or when its result is no longer wanted (`stop`), so its
// 144 MiB go back at once. A derivation resolves to null when no worker could start or it
// failed: the login then derives the key itself.
import type { ScryptAnswer, ScryptJob } from './internal/scrypt-worker-main.ts';
import { strongMasterJob } from './strong-record.ts';

export interface StrongMasterDerivation {
  /** The 32-byte master, or null (no worker, a failure, or stopped first). */
  master: Promise<Uint8Array | null>;
  /** Ends the worker if it is still deriving (its result is no longer wanted). */
  stop(): void;
}

export interface StrongMasterWorker {
  /** Hands the worker these credentials' strong derivation (once; a second call gets null). */
  derive(username: string, password: string): StrongMasterDerivation;
  /** Ends the worker unused. */
  stop(): void;
}

const utf8 = new TextEncoder();

const none: StrongMasterDerivation = { master: Promise.resolve(null), stop: () => undefined };

/** Starts a worker from `workerUrl` now, to derive one strong master when asked. */
export function startStrongMasterWorker(workerUrl: string): StrongMasterWorker {
  let worker: Worker | null = null;
  try {
    if (typeof Worker === 'function') {
      worker = new Worker(workerUrl, { name: 'encore-strong-scrypt' });
    }
  } catch {
    worker = null;
  }
  let used = false;
  let failed = worker === null;
  let settle: (key: Uint8Array | null) => void = () => undefined;
  const end = (): void => {
    worker?.terminate();
    failed = true;
  };
  if (worker) {
    worker.onmessage = ({ data }: MessageEvent<ScryptAnswer>) => {
      if ('ready' in data) return;
      settle('key' in data ? data.key : null);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      settle(null);
    };
    worker.onmessageerror = () => {
      end();
      settle(null);
    };
  }
  return {
    derive(username, password) {
      if (used || failed || !worker) return none;
      used = true;
      const master = new Promise<Uint8Array | null>((resolve) => {
        settle = (key) => {
          end();
          settle = () => undefined;
          resolve(key);
        };
      });
      const job = strongMasterJob(username, password);
      const message: ScryptJob = {
        id: 1,
        password: utf8.encode(job.password),
        salt: utf8.encode(job.salt),
        ...job.params,
      };
      try {
        worker.postMessage(message);
      } catch {
        settle(null);
      }
      return { master, stop: () => settle(null) };
    },
    stop() {
      end();
      settle(null);
    },
  };
}
