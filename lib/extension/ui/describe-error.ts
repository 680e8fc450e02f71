// Turns an error from the background into one sentence a person can act on. Decides on `code`
// (and HTTP status for backend failures), never on message text.

interface CodedError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  retryAfterSeconds?: unknown;
  details?: Record<string, unknown>;
}

export function describeError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as CodedError;
  const detail = (name: keyof CodedError): unknown => e[name] ?? e.details?.[name];
  const message = typeof e.message === 'string' ? e.message : String(error);
  switch (e.code) {
    case 'ACCOUNT_NOT_FOUND':
    case 'DECRYPTION_FAILED':
      return 'Wrong username or password.';
    case 'WEAK_PASSWORD':
    case 'INVALID_USERNAME':
    case 'INVALID_INPUT':
    case 'INVALID_ORIGIN':
      return message;
    case 'NOT_LOGGED_IN':
      return 'You are logged out. Log in again.';
    case 'NO_RESPONSE':
      return 'The extension did not answer. Try again.';
    case 'BACKEND_FAILURE':
      return describeBackendFailure(Number(detail('status')), detail('retryAfterSeconds'), message);
    case 'CATALOG_NETWORK_ERROR':
    case 'CATALOG_TIMEOUT':
    case 'CATALOG_NO_HOST':
      return 'The music catalog cannot be reached right now.';
    case 'CATALOG_HTTP_ERROR':
    case 'CATALOG_INVALID_RESPONSE':
      return 'The music catalog gave an answer Encore could not use.';
    default:
      return message || 'Something went wrong. Try again.';
  }
}

function describeBackendFailure(status: number, retryAfter: unknown, message: string): string {
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
