import { ExtensionError } from './extension-error.ts';

/** A payload failed its schema (zod's issues); `issues` names each bad field, dot-joined. */
export class InvalidInputError extends ExtensionError {
  override readonly name: string = 'InvalidInputError';
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
