// Why a spend permission the listener approved was not granted after all.

import { ExtensionError } from '../errors/index.ts';

/**
 * The one-time upgrade the grant needed (the listener's address must run Encore's delegate
 * before a site can take anything) failed or was not mined in time: no delegation was signed.
 */
export class GrantUpgradeFailedError extends ExtensionError {
  override readonly name: string = 'GrantUpgradeFailedError';
  constructor(message: string, details: Readonly<Record<string, unknown>> = {}) {
    super('GRANT_UPGRADE_FAILED', message, details);
  }
}
