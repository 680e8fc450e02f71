import { ExtensionError } from './extension-error.ts';

/**
 * A strengthen asked for while a login, sign-up or restore is under way (in this or another tab):
 * the record it would replace may be the one that login is opening. Nothing was changed.
 */
export class LoginInProgressError extends ExtensionError {
  override readonly name: string = 'LoginInProgressError';
  constructor() {
    super(
      'LOGIN_IN_PROGRESS',
      'A login is under way in another tab or window. Let it finish, then strengthen the wallet.',
    );
  }
}
