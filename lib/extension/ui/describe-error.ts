// Turns an error from the background into one sentence a person can act on. Decides on `code`
// (and HTTP status for backend failures), never on message text. The table covers every code a
// page can receive (PageErrorCode): a new code without its sentence fails the type check.

import type { PageErrorCode } from '../errors/index.ts';

interface CodedError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  retryAfterSeconds?: unknown;
  timedOut?: unknown;
  details?: Record<string, unknown>;
}

type Describe = (message: string, detail: (name: keyof CodedError) => unknown) => string;

const WRONG_CREDENTIALS: Describe = () => 'Wrong username or password.';
const AS_SENT: Describe = (message) => message;
/** Codes without a sentence of their own: their message, or a generic line. */
const FALLBACK: Describe = (message) => message || 'Something went wrong. Try again.';
const UNREACHABLE_CATALOG: Describe = () => 'The music catalog cannot be reached right now.';
const UNUSABLE_CATALOG: Describe = () => 'The music catalog gave an answer Encore could not use.';

const DESCRIPTIONS = {
  ACCOUNT_NOT_FOUND: WRONG_CREDENTIALS,
  DECRYPTION_FAILED: WRONG_CREDENTIALS,
  WEAK_PASSWORD: AS_SENT,
  INVALID_USERNAME: AS_SENT,
  INVALID_MNEMONIC: AS_SENT,
  USERNAME_TAKEN: () =>
    'This username belongs to another wallet. Check the username, or the recovery phrase.',
  INVALID_INPUT: AS_SENT,
  INVALID_ORIGIN: AS_SENT,
  NOT_LOGGED_IN: () => 'You are logged out. Log in again.',
  NO_RESPONSE: () => 'The extension did not answer. Try again.',
  LOGIN_IN_PROGRESS: AS_SENT,
  BACKEND_FAILURE: (message, detail) =>
    describeBackendFailure(
      Number(detail('status')),
      detail('retryAfterSeconds'),
      detail('timedOut') === true,
      message,
    ),
  CATALOG_NETWORK_ERROR: UNREACHABLE_CATALOG,
  CATALOG_TIMEOUT: UNREACHABLE_CATALOG,
  CATALOG_NO_HOST: UNREACHABLE_CATALOG,
  // A 5xx from every host tried is an outage, not an answer: say so, as for a dead host.
  CATALOG_HTTP_ERROR: (message, detail) =>
    Number(detail('status')) >= 500
      ? UNREACHABLE_CATALOG(message, detail)
      : UNUSABLE_CATALOG(message, detail),
  CATALOG_INVALID_RESPONSE: UNUSABLE_CATALOG,
  INVALID_ACCOUNT: FALLBACK,
  APPROVAL_REFUSED: FALLBACK,
  UNSAFE_MIGRATION: FALLBACK,
  WALLET_DATA_UNREADABLE: () =>
    'Encore could not open the session it kept on this browser. Log in again.',
  UNKNOWN_MESSAGE: FALLBACK,
  FORBIDDEN_SENDER: FALLBACK,
  INTERNAL: FALLBACK,
  MOVE_REFUSED: AS_SENT,
  GRANT_UNREADABLE: AS_SENT,
  REVOKE_FAILED: AS_SENT,
  GRANT_UPGRADE_FAILED: AS_SENT,
} as const satisfies Record<PageErrorCode, Describe>;

function isPageErrorCode(code: unknown): code is PageErrorCode {
  return typeof code === 'string' && Object.hasOwn(DESCRIPTIONS, code);
}

/** What the form asked for: a username and password (log in), or only the password. */
export type AskedFor = 'credentials' | 'password';

/** Codes that mean the password (or, at a login, the username) did not open the record. */
const WRONG_CREDENTIAL_CODES: ReadonlySet<unknown> = new Set([
  'ACCOUNT_NOT_FOUND',
  'DECRYPTION_FAILED',
]);

export function describeError(error: unknown, asked: AskedFor = 'credentials'): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as CodedError;
  // A form that asked only for the password: the username is the logged-in one, so the password is wrong.
  if (asked === 'password' && WRONG_CREDENTIAL_CODES.has(e.code)) return 'Wrong password.';
  const detail = (name: keyof CodedError): unknown => e[name] ?? e.details?.[name];
  const message = typeof e.message === 'string' ? e.message : String(error);
  const sentence: Describe = isPageErrorCode(e.code) ? DESCRIPTIONS[e.code] : FALLBACK;
  return sentence(message, detail);
}

function describeBackendFailure(
  status: number,
  retryAfter: unknown,
  timedOut: boolean,
  message: string,
): string {
  // Slow is not unreachable: the connection and the URL are fine, the backend is busy.
  if (status === 0 && timedOut) {
    return 'The wallet backend did not answer in time. Try again in a moment.';
  }
  if (status === 0) {
    return 'The wallet backend cannot be reached. Check your connection, or the backend URL in settings.';
  }
  if (status === 429) {
    const seconds = typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : null;
    return seconds === null
      ? 'Too many attempts. Wait a moment and try again.'
      : `Too many attempts. Try again in ${seconds} s.`;
  }
  if (status === 409) return 'That username is taken. Choose another one, or log in.';
  if (status >= 500) return 'The wallet backend had a problem. Try again in a moment.';
  return `The wallet backend refused the request: ${message}`;
}
