// A login from the popup: wake the worker first, then derive the first lookup key here while it
// starts up, and send it along. When the click itself woke the worker, this page's idle thread
// does one of the two scrypt derivations while the worker loads; the worker does the rest. The
// strong derivation (a strengthened account's) runs meanwhile on the popup's own worker, since
// the service worker has no second thread.

import {
  loginLookupKey,
  type StrongMasterDerivation,
  type StrongMasterWorker,
  signUpLookupKey,
  startStrongMasterWorker,
  warmUpLoginKey,
} from '@encore-wallet/core';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { type MessageMap, sendMessage } from './api.ts';

/** The two derivations of a login the popup runs (injected by the unit tests). */
export interface LoginDerivations {
  /** The Hedgehog lookup key of the typed form, on this page's thread. */
  lookupKey(username: string, password: string): Promise<string>;
  /** The strong master, on a worker (null inside when there is none). */
  strongMaster(username: string, password: string): StrongMasterDerivation;
}

/** The worker script the build adds beside the pages (wxt.config.ts), on this page's origin. */
const STRONG_WORKER_URL = (): string => new URL('/scrypt-worker.js', location.origin).href;

/** The worker started ahead for the next login's strong derivation (see prepareStrongWorker). */
let prepared: StrongMasterWorker | null = null;

function takeStrongWorker(): StrongMasterWorker {
  const worker = prepared ?? startStrongMasterWorker(STRONG_WORKER_URL());
  prepared = null;
  return worker;
}

const onThisPage: LoginDerivations = {
  lookupKey: loginLookupKey,
  strongMaster: (username, password) => takeStrongWorker().derive(username, password),
};

export interface LoginRequest {
  input: MessageMap['login']['input'];
  /** Call once the login is answered: ends the strong derivation if it is still running. */
  done(): void;
}

/**
 * A login's two derivations at once: the strong master (strong-record.ts) on the popup's worker,
 * the first Hedgehog lookup key on this thread. The login is sent as soon as the lookup key is
 * ready, with a fresh id; the master follows under that id when the worker is done. The
 * service worker, which has no second thread, uses it for the strong lookup it makes first, and
 * sends the Hedgehog lookup key to the backend only when that found nothing (the worker is ended
 * when the login is answered).
 */
export async function loginRequest(
  username: string,
  password: string,
  derive: LoginDerivations = onThisPage,
  send: typeof sendMessage = sendMessage,
): Promise<LoginRequest> {
  // Fire and forget: any answer (or none) is fine, the login message follows.
  void send('getState').catch(() => undefined);
  // An account this browser knows in Hedgehog's format gets no strong derivation beside it (it
  // would take memory and a core from the login's own); one it has not met, or knows
  // strengthened, does. The worker is awake (the popup's open woke it), so the answer takes a
  // message's round trip; past FORMAT_WAIT_MS the popup derives both, which is always correct.
  const known = await knownFormat(username, send);
  if (known === 'hedgehog') {
    const t = phaseStart();
    try {
      const lookupKey = await derive.lookupKey(username, password);
      measurePhase('encore:popup:lookup-key', t);
      return { input: { username, password, lookupKey }, done: () => undefined };
    } catch {
      return { input: { username, password }, done: () => undefined };
    }
  }
  const strongMasterId = bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
  const started = phaseStart();
  const strong = derive.strongMaster(username, password);
  let answered = false;
  void strong.master
    .then((master) => {
      if (master) measurePhase('encore:popup:strong-master', started);
      if (answered) return;
      return send('loginStrongMaster', {
        strongMasterId,
        master: master ? bytesToHex(master) : null,
      });
    })
    .catch(() => undefined);
  const done = (): void => {
    answered = true;
    strong.stop();
  };
  // An account known strengthened or hardened never gets a Hedgehog lookup (the worker would not
  // send the key): its login goes at once, and the strong derivation has the cores to itself.
  if (known === 'strong' || known === 'hardened') {
    return { input: { username, password, strongMasterId }, done };
  }
  const t = phaseStart();
  try {
    const lookupKey = await derive.lookupKey(username, password);
    measurePhase('encore:popup:lookup-key', t);
    return { input: { username, password, lookupKey, strongMasterId }, done };
  } catch {
    // The worker derives it itself.
    return { input: { username, password, strongMasterId }, done };
  }
}

/** How long a login waits for the worker to say which format it knows the account in. */
const FORMAT_WAIT_MS = 20;

type KnownFormat = 'hedgehog' | 'strong' | 'hardened' | null;

/** The worker's answer for the username the person was typing a password for, asked then. */
let formatHint: { username: string; format: Promise<KnownFormat> } | null = null;

/**
 * Asks the worker which format this browser knows the username's account in while the person
 * types the password, so the click finds the answer here. A worker that only the click wakes
 * (stopped while the form sat filled in) answers after its start and bundle, ~40 ms, past
 * FORMAT_WAIT_MS: the popup then ran the strong derivation beside a Hedgehog-format login, and
 * on two cores that login took 1.5–1.6x the two-derivation floor instead of 1.1–1.2x
 * (`BENCH_LOGIN_ONLY=1 npm run bench:extension`, cold login).
 */
export function prefetchLoginFormat(
  username: string,
  send: typeof sendMessage = sendMessage,
): void {
  if (username.trim() === '' || formatHint?.username === username) return;
  formatHint = { username, format: send('loginFormat', { username }).catch(() => null) };
}

async function knownFormat(username: string, send: typeof sendMessage): Promise<KnownFormat> {
  const asked =
    formatHint?.username === username
      ? formatHint.format
      : send('loginFormat', { username }).catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FORMAT_WAIT_MS);
  });
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A sign-up with its two derivations on two threads: the worker is asked first, so it starts on
 * the encryption key at once, and this page derives the lookup key meanwhile and sends it after
 * (null when it cannot: the worker then derives it too).
 */
export async function signUpRequest(
  username: string,
  password: string,
): Promise<MessageMap['signUp']['result']> {
  const signingUp = sendMessage('signUp', { username, password, lookupKeyFollows: true });
  // The request leaves before this thread is busy inside WebAssembly.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const t = phaseStart();
  const lookupKey = await signUpLookupKey(username, password).catch(() => null);
  measurePhase('encore:popup:sign-up-lookup-key', t);
  void sendMessage('signUpLookupKey', { username, lookupKey }).catch(() => undefined);
  return signingUp;
}

/**
 * Compiles this page's scrypt once the form is on screen, before the password is typed, and
 * starts the worker for the login's strong derivation (a thread busy deriving cannot start one).
 */
export function warmUpLogin(): void {
  setTimeout(() => {
    void warmUpLoginKey().catch(() => undefined);
    prepareStrongWorker();
  }, 0);
}

/**
 * Starts the worker for the next login's strong derivation if none is waiting (after a failed
 * login, the form's next input starts another).
 */
export function prepareStrongWorker(): void {
  prepared ??= startStrongMasterWorker(STRONG_WORKER_URL());
}
