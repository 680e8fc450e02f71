import { NotLoggedInError } from '@encore-wallet/core';
import { isPhraseKept, markPhraseKept } from '../../recovery/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema, phraseKeptSchema } from '../schemas.ts';
import { loggedInAddress } from './logged-in-address.ts';

export interface RecoveryMessageDeps {
  session: WalletSession;
}

/**
 * Whether the logged-in account's recovery phrase is kept: the popup reminds the person until
 * they have seen it and said they wrote it down.
 */
export function recoveryMessages({ session }: RecoveryMessageDeps) {
  const currentAddress = (): Promise<string> => loggedInAddress(session);
  return [
    defineMessage({
      type: 'recoveryPhrase.status',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => ({ kept: await isPhraseKept(await currentAddress()) }),
    }),
    // Sent by the popup's phrase view, after it showed the words of `address`: a popup left open
    // across a logout and another login does not mark the new account.
    defineMessage({
      type: 'recoveryPhrase.markKept',
      input: phraseKeptSchema,
      access: 'popup',
      handle: async ({ address }) => {
        const current = await currentAddress();
        if (current.toLowerCase() !== address.toLowerCase()) throw new NotLoggedInError();
        await markPhraseKept(current);
        return { kept: true as const };
      },
    }),
  ];
}
