// A second thread for scrypt in a web page, where derivations otherwise run one at a time on the
// page's own thread: a dedicated worker started from a Blob of generated source
// (../generated/scrypt-worker-source.ts, loaded on first use so pages that only log in never
// download it). A sign-up gives it one of its two derivations and does the other itself.
//
// Where no worker can start (no Worker constructor, as in a service worker; a Content Security
// Policy without `blob:` in worker-src; Trusted Types) or it fails, the derivation resolves to
// null and the caller derives on its own thread: slower, never wrong. A worker refused before its
// first answer is not tried again in this page (its policy will not change). One worker at most,
// ended after IDLE_MS without work so its 32 MiB of scrypt memory is given back.
import type { ScryptAnswer, ScryptJob } from './scrypt-worker-main.ts';
import type { ScryptParams } from './wasm-scrypt.ts';

/** How long an idle worker is kept for a retry or a second sign-up before it is ended. */
const IDLE_MS = 15_000;

interface Running {
  worker: Worker;
  url: string;
  jobs: Map<number, (key: Uint8Array | null) => void>;
  answered: boolean;
  /** Settles when the worker has warmed up (or failed): it then derives at full speed. */
  ready: Promise<void>;
}

let running: Promise<Running | null> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
let enabled = true;
/** Set when a worker was refused before it ever answered: this page does not allow them. */
let refused = false;
/** Workers started so far in this page (benches and tests read it). */
let started = 0;
/** Keys the worker has derived so far in this page (benches and tests read it). */
let derived = 0;

/** Whether this runtime could start a worker at all (it may still be refused). */
export function offThreadScryptPossible(): boolean {
  return (
    enabled &&
    !refused &&
    typeof Worker === 'function' &&
    typeof Blob === 'function' &&
    typeof URL.createObjectURL === 'function'
  );
}

/** Turns the worker off (false) or back on (true). For benches and tests. */
export function useOffThreadScrypt(on: boolean): void {
  enabled = on;
  if (!on) endWorker();
}

/** How many workers this page has started. For benches and tests. */
export function offThreadWorkersStarted(): number {
  return started;
}

/** How many keys this page's workers have derived. For benches and tests. */
export function offThreadKeysDerived(): number {
  return derived;
}

/** Ends `r`: its waiting jobs fall back to their callers' threads. */
function stop(r: Running): void {
  r.worker.terminate();
  URL.revokeObjectURL(r.url);
  for (const settle of r.jobs.values()) settle(null);
  r.jobs.clear();
}

function endWorker(): void {
  clearTimeout(idleTimer);
  const ending = running;
  running = null;
  void ending?.then((r) => r && stop(r));
}

async function startWorker(): Promise<Running | null> {
  const { SCRYPT_WORKER_SOURCE } = await import('../generated/scrypt-worker-source.ts');
  const url = URL.createObjectURL(new Blob([SCRYPT_WORKER_SOURCE], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(url, { name: 'encore-scrypt' });
  } catch {
    // Refused at once (Trusted Types; some browsers under a CSP without blob: workers).
    URL.revokeObjectURL(url);
    refused = true;
    return null;
  }
  started++;
  let markReady = (): void => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const r: Running = { worker, url, jobs: new Map(), answered: false, ready };
  worker.onmessage = ({ data }: MessageEvent<ScryptAnswer>) => {
    r.answered = true;
    if ('ready' in data) {
      markReady();
      return;
    }
    const settle = r.jobs.get(data.id);
    r.jobs.delete(data.id);
    if ('key' in data) derived++;
    settle?.('key' in data ? data.key : null);
    if (r.jobs.size === 0) scheduleEnd();
  };
  // Refused later (Chromium and Firefox under such a CSP), or the script could not run: every
  // waiting job falls back to its caller's thread. A worker that had answered before may be
  // tried again by the next sign-up; one that never did is not.
  // A failing worker is the current one: an ended worker is terminated and reports nothing.
  const fail = (): void => {
    if (!r.answered) refused = true;
    markReady();
    clearTimeout(idleTimer);
    running = null;
    stop(r);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail();
  };
  worker.onmessageerror = fail;
  return r;
}

function scheduleEnd(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(endWorker, IDLE_MS);
  // Node-like hosts: an idle timer must not keep the process alive.
  (idleTimer as { unref?: () => void }).unref?.();
}

/**
 * Starts the worker now, so it is warm when a derivation is asked of it (a page's warm-up does
 * this). Cheap to call again.
 */
export function prepareOffThreadScrypt(): void {
  if (!offThreadScryptPossible() || running) return;
  running = startWorker().catch(() => null);
}

/**
 * Resolves when the page's worker is warm, has failed, or after `maxWaitMs`. A worker is started
 * by a page's thread, so while that thread is busy deriving it cannot start: a sign-up lets it
 * start first, then derives its own half.
 */
export async function offThreadScryptReady(maxWaitMs: number): Promise<void> {
  prepareOffThreadScrypt();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  await Promise.race([running?.then((r) => r?.ready), late]);
  clearTimeout(timer);
}

/**
 * scrypt on the page's worker, or null when there is none (the caller then derives itself).
 * The password and salt are copied to the worker; the key comes back transferred.
 */
export async function scryptOffThread(
  password: Uint8Array,
  salt: Uint8Array,
  params: ScryptParams,
): Promise<Uint8Array | null> {
  prepareOffThreadScrypt();
  const r = await running;
  if (!r) {
    running = null;
    return null;
  }
  clearTimeout(idleTimer);
  const id = nextId++;
  const job: ScryptJob = { id, password, salt, ...params };
  return new Promise<Uint8Array | null>((resolve) => {
    r.jobs.set(id, resolve);
    try {
      r.worker.postMessage(job);
    } catch {
      r.jobs.delete(id);
      resolve(null);
    }
  });
}
