// Why a move did not start: the person reads the sentence in the popup (MOVE_REFUSED), a site
// whose request met a move in flight hears 4001.

import { ExtensionError } from '../errors/index.ts';
import { ProviderRpcError } from '../protocol/index.ts';

/** The move was refused before anything was signed; the message says why and what to do. */
export class MoveRefusedError extends ExtensionError {
  override readonly name: string = 'MoveRefusedError';
  constructor(message: string) {
    super('MOVE_REFUSED', message);
  }
}

/**
 * 4001 for a site: the account is moving everything to another wallet, and Encore sends nothing
 * else from it (and switches no chain) until the move is on its way.
 */
export class MoveInProgressError extends ProviderRpcError {
  constructor() {
    super(
      4001,
      'This account is moving its funds to another wallet right now; Encore sends nothing else from it meanwhile.',
    );
  }
}
