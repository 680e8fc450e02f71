import { hexToBytes } from '@encore-wallet/utils/encoding';
import { markPhraseKept } from '../../recovery/index.ts';
import type { CachedProfile, SessionState, WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { createLookupKeyMailbox } from '../lookup-key-mailbox.ts';
import {
  changePasswordSchema,
  emptySchema,
  loginFormatSchema,
  loginSchema,
  loginStrongMasterSchema,
  restoreSchema,
  revealPhraseSchema,
  signUpLookupKeySchema,
  signUpSchema,
} from '../schemas.ts';
import { createStrongMasterMailbox } from '../strong-master-mailbox.ts';

export interface WalletState extends SessionState {
  /** Requests waiting in the approval window. */
  pendingApprovals: number;
  /** The last catalog profile lookup, shown until a fresh one answers; null before the first. */
  cachedProfile: CachedProfile | null;
  /**
   * The session kept on this browser could not be opened (its key is gone) and was dropped: the
   * popup asks the person to log in again. False again after the next login or logout.
   */
  sessionLost: boolean;
}

export interface WalletMessageDeps {
  session: WalletSession;
  /** Requests waiting in the approval window for a decision (log-in prompts not counted). */
  pendingApprovals(): number;
  /**
   * Awaited before getState answers (the browser tests hold the answer with it, to show what the
   * popup shows before it comes).
   */
  beforeGetState?: () => Promise<void>;
}

/** Account messages: the password and the wallet never leave the extension's own pages. */
export function walletMessages({ session, pendingApprovals, beforeGetState }: WalletMessageDeps) {
  const lookupKeys = createLookupKeyMailbox();
  const strongMasters = createStrongMasterMailbox();
  const stateOf = async (): Promise<WalletState> => {
    await session.ready();
    // From the session snapshot: nothing here waits for the wallet to be derived.
    return {
      ...session.getState(),
      pendingApprovals: pendingApprovals(),
      cachedProfile: session.getCachedProfile(),
      sessionLost: session.sessionWasLost(),
    };
  };
  return [
    defineMessage({
      type: 'getState',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        await beforeGetState?.();
        return stateOf();
      },
    }),
    defineMessage({
      type: 'signUp',
      input: signUpSchema,
      access: 'extension-page',
      handle: async ({ username, password, lookupKeyFollows }) => {
        const lookupKey = lookupKeyFollows ? lookupKeys.expect(username) : undefined;
        await session.signUp(username, password, { lookupKey });
        return stateOf();
      },
    }),
    defineMessage({
      type: 'signUpLookupKey',
      input: signUpLookupKeySchema,
      access: 'extension-page',
      handle: async ({ username, lookupKey }) => {
        lookupKeys.offer(username, lookupKey);
        return null;
      },
    }),
    defineMessage({
      type: 'login',
      input: loginSchema,
      access: 'extension-page',
      handle: async ({ username, password, lookupKey, strongMasterId }) => {
        const wait = strongMasterId ? strongMasters.expect(strongMasterId) : null;
        try {
          await session.login(username, password, { lookupKey, strongMaster: wait?.master });
        } finally {
          wait?.withdraw();
        }
        return stateOf();
      },
    }),
    defineMessage({
      // Whether this browser has met the account, and in which format: the popup derives the
      // strong master beside a login only when the account may be strengthened. The popup only:
      // the answer says which usernames logged in here.
      type: 'loginFormat',
      input: loginFormatSchema,
      access: 'popup',
      handle: ({ username }) => session.knownFormat(username),
    }),
    defineMessage({
      // A derived key: only the popup, which derived it from the password it was typed into.
      type: 'loginStrongMaster',
      input: loginStrongMasterSchema,
      access: 'popup',
      handle: async ({ strongMasterId, master }) => {
        strongMasters.offer(strongMasterId, master === null ? null : hexToBytes(master));
        return null;
      },
    }),
    defineMessage({
      type: 'logout',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        await session.logout();
        return stateOf();
      },
    }),
    defineMessage({
      type: 'changePassword',
      input: changePasswordSchema,
      access: 'extension-page',
      handle: async ({ oldPassword, newPassword }) => {
        await session.changePassword(oldPassword, newPassword);
        return { changed: true as const };
      },
    }),
    defineMessage({
      type: 'restoreFromPhrase',
      input: restoreSchema,
      access: 'extension-page',
      handle: async ({ username, password, phrase }) => {
        await session.restoreFromMnemonic(username, password, phrase);
        // The person just typed the phrase in: they have it, the popup need not remind them.
        const address = session.getAddress();
        if (address) await markPhraseKept(address);
        return stateOf();
      },
    }),
    // The one message that answers a secret: to the popup only, in this reply only, and only
    // after the backend's record opened with the password (each wrong guess spends its budget).
    defineMessage({
      type: 'revealRecoveryPhrase',
      input: revealPhraseSchema,
      access: 'popup',
      handle: async ({ password }) => ({ phrase: await session.revealRecoveryPhrase(password) }),
    }),
  ];
}
