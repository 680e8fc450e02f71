// Why the popup could not show or revoke a grant: its record does not match a period grant
// (GRANT_UNREADABLE), or the revoke did not go out or did not take effect (REVOKE_FAILED). The
// popup shows each message as it is.

import { ExtensionError } from '../errors/index.ts';

/** The stored grant's delegation has no caveat with its own period terms. */
export class GrantUnreadableError extends ExtensionError {
  override readonly name: string = 'GrantUnreadableError';
  constructor(id: string, why: string) {
    super('GRANT_UNREADABLE', `Encore cannot read the permission ${id.slice(0, 10)}…: ${why}.`, {
      id,
    });
  }
}

/** The revoke was not sent, or the chain refused it; the message says which and what to do. */
export class RevokeFailedError extends ExtensionError {
  override readonly name: string = 'RevokeFailedError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('REVOKE_FAILED', message, {}, options);
  }
}
