// Errors that cross the extension's message boundary. Each has a stable `code` and serialises
// through `toJSON()` to the `{ code, message, ...details }` shape the router answers with.

export interface ErrorJSON {
  code: string;
  message: string;
  [detail: string]: unknown;
}

export class ExtensionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): ErrorJSON {
    return { ...this.details, code: this.code, message: this.message };
  }
}

/** The request is not an object with a known `type`. */
export class UnknownMessageError extends ExtensionError {
  constructor(type: unknown) {
    super('UNKNOWN_MESSAGE', `Unknown message type: ${String(type)}`);
  }
}

/** The payload failed its schema (zod's issues); `issues` names each bad field, dot-joined. */
export class InvalidInputError extends ExtensionError {
  constructor(type: string, schemaIssues: readonly { path: PropertyKey[]; message: string }[]) {
    const issues = schemaIssues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    const where = first ? `${first.path || 'payload'}: ${first.message}` : 'invalid payload';
    super('INVALID_INPUT', `Invalid ${type} request (${where})`, { issues });
  }
}

/** A message that only the extension's own pages may send came from somewhere else. */
export class ForbiddenSenderError extends ExtensionError {
  constructor(type: string) {
    super('FORBIDDEN_SENDER', `${type} is only accepted from the extension's own pages`);
  }
}

/** Something unexpected failed inside a handler; the message hides internals. */
export class InternalError extends ExtensionError {
  constructor(cause?: unknown) {
    super('INTERNAL', 'Something went wrong inside the extension', {}, { cause });
  }
}

/** The background did not answer (worker stopped mid-request, or no listener yet). */
export class NoResponseError extends ExtensionError {
  constructor(cause?: unknown) {
    super('NO_RESPONSE', 'The extension background did not answer; try again', {}, { cause });
  }
}
