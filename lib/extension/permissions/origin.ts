import { ExtensionError } from '../errors/index.ts';

/** An origin that is not a plain `scheme://host[:port]` (what a sender's URL reduces to). */
export class InvalidOriginError extends ExtensionError {
  override readonly name: string = 'InvalidOriginError';
  constructor(origin: string) {
    super('INVALID_ORIGIN', `Not a site origin: ${origin}`);
  }
}

/** Returns the canonical origin, or throws when `origin` is anything more or less than one. */
export function normalizeOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new InvalidOriginError(origin);
  }
  // "null" origins (file:, data:, sandboxed frames) can never be told apart, so never connect them.
  const bare =
    (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  if (url.origin === 'null' || !bare) {
    throw new InvalidOriginError(origin);
  }
  return url.origin;
}
