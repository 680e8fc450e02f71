import type { RecordFormat } from '@encore-wallet/core';
import type { WalletSession } from '../../session/index.ts';
import { getSettings, isUsableKeyHolder } from '../../settings/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema, revealPhraseSchema } from '../schemas.ts';

export interface StrengthenMessageDeps {
  session: WalletSession;
}

export interface StrengthenStatus {
  /** The logged-in account's record format as this browser knows it; null when logged out. */
  format: RecordFormat | null;
  /** A login, sign-up or restore is under way: a strengthen now is refused. */
  loginInProgress: boolean;
  /** A usable key holder is configured: a strengthen hardens the record. */
  keyHolder: boolean;
}

/**
 * Strengthening the logged-in account's record (the wallet core's `strengthen`): from the popup
 * only, after the password, and never while a login is under way in any page.
 */
export function strengthenMessages({ session }: StrengthenMessageDeps) {
  return [
    defineMessage({
      type: 'strengthen.status',
      input: emptySchema,
      access: 'extension-page',
      handle: async (): Promise<StrengthenStatus> => {
        await session.ready();
        // Read first: the format waits for a login under way to finish.
        const loginInProgress = session.loginInProgress();
        const { keyHolder } = await getSettings();
        return {
          format: await session.recordFormat(),
          loginInProgress,
          keyHolder: keyHolder !== null && isUsableKeyHolder(keyHolder),
        };
      },
    }),
    // The password is checked by opening the record (a login's lookup, on the backend's budget).
    defineMessage({
      type: 'strengthen',
      input: revealPhraseSchema,
      access: 'popup',
      handle: async ({ password }) => session.strengthen(password),
    }),
  ];
}
