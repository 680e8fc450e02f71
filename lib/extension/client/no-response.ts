import { ExtensionError } from '../errors/index.ts';

/** The background did not answer (worker stopped mid-request, or no listener yet). */
export class NoResponseError extends ExtensionError {
  override readonly name: string = 'NoResponseError';
  constructor(cause?: unknown) {
    super('NO_RESPONSE', 'The extension background did not answer; try again', {}, { cause });
  }
}
