// A login from the popup: wake the worker first, then derive the first lookup key here while it
// starts up, and send it along. When the click itself woke the worker, this page's idle thread
// does one of the two scrypt derivations while the worker loads; the worker does the rest.

import { loginLookupKey, signUpLookupKey, warmUpLoginKey } from '../../../lib/hedgehog/index.ts';
import { measurePhase, phaseStart } from '../../../lib/perf/index.ts';
import { type MessageMap, sendMessage } from './api.ts';

export async function loginRequest(
  username: string,
  password: string,
): Promise<MessageMap['login']['input']> {
  // Fire and forget: any answer (or none) is fine, the login message follows.
  void sendMessage('getState').catch(() => undefined);
  const t = phaseStart();
  try {
    const lookupKey = await loginLookupKey(username, password);
    measurePhase('encore:popup:lookup-key', t);
    return { username, password, lookupKey };
  } catch {
    // The worker derives it itself.
    return { username, password };
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

/** Compiles this page's scrypt once the form is on screen, before the password is typed. */
export function warmUpLogin(): void {
  setTimeout(() => void warmUpLoginKey().catch(() => undefined), 0);
}
