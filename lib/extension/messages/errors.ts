// Errors of the message boundary itself (router and client). Each has a stable `code` and
// serialises to the `{ code, message, ...details }` shape the router answers with.

import { ExtensionError } from '../errors/index.ts';

/** The request is not an object with a known `type`. */
export class UnknownMessageError extends ExtensionError {
  override readonly name: string = 'UnknownMessageError';
  constructor(type: unknown) {
    super('UNKNOWN_MESSAGE', `Unknown message type: ${String(type)}`);
  }
}

/** A message that only the extension's own pages may send came from somewhere else. */
export class ForbiddenSenderError extends ExtensionError {
  override readonly name: string = 'ForbiddenSenderError';
  constructor(type: string, only: 'pages' | 'popup' = 'pages') {
    super(
      'FORBIDDEN_SENDER',
      only === 'popup'
        ? `${type} is only accepted from the extension's popup`
        : `${type} is only accepted from the extension's own pages`,
    );
  }
}

/** Something unexpected failed inside a handler; the message hides internals. */
export class InternalError extends ExtensionError {
  override readonly name: string = 'InternalError';
  constructor(cause?: unknown) {
    super('INTERNAL', 'Something went wrong inside the extension', {}, { cause });
  }
}
