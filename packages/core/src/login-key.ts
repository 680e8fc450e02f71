// The lookup key of the first form a login tries (the username as typed, trimmed), or of a
// sign-up, for a caller that holds the password and has a thread to spare. The extension's popup derives it while the
// background worker starts up and hands it over with the login: in a worker the click has just
// woken, that takes one of the two scrypt derivations off the login's path.
// Imports no wallet code, so a page that only needs this loads the scrypt WebAssembly and nothing else.
import { Authentication } from './authentication.ts';
import { loginForms } from './internal/credential-forms.ts';

export function loginLookupKey(username: string, password: string): Promise<string> {
  // loginForms always yields the typed form first (and at least that one).
  const first = loginForms(username, password)[0] ?? { username, password };
  return Authentication.createAuthLookupKey(first.username, first.password);
}

/**
 * The lookup key a sign-up with these credentials stores its record under (the username trimmed
 * and NFC, the password NFC, as `signUp` takes them), for a caller that derives it on its own
 * thread while the core derives the encryption key (`SignUpOptions.lookupKey`).
 */
export function signUpLookupKey(username: string, password: string): Promise<string> {
  return Authentication.createAuthLookupKey(
    username.trim().normalize('NFC'),
    password.normalize('NFC'),
  );
}

/** Compiles and warms the scrypt WebAssembly in this context (memoised). */
export function warmUpLoginKey(): Promise<void> {
  return Authentication.warmUp();
}

/** What `loginLookupKey` returns: lowercase hex of 32 bytes. */
export const LOOKUP_KEY_PATTERN = /^[0-9a-f]{64}$/;
