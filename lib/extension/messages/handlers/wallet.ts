import { countPendingApprovals, type WalletSession } from '../../session/index.ts';
import type { Router } from '../router.ts';
import { changePasswordSchema, credentialsSchema, emptySchema } from '../schemas.ts';
import type { WalletState } from '../types.ts';

async function stateOf(session: WalletSession): Promise<WalletState> {
  await session.ready();
  return { ...session.getState(), pendingApprovals: await countPendingApprovals() };
}

/** Account messages: the password and the wallet never leave the extension's own pages. */
export function registerWalletMessages(router: Router, session: WalletSession): void {
  router.register({
    type: 'getState',
    input: emptySchema,
    access: 'extension-page',
    handle: () => stateOf(session),
  });
  router.register({
    type: 'signUp',
    input: credentialsSchema,
    access: 'extension-page',
    handle: async ({ username, password }) => {
      await session.signUp(username, password);
      return stateOf(session);
    },
  });
  router.register({
    type: 'login',
    input: credentialsSchema,
    access: 'extension-page',
    handle: async ({ username, password }) => {
      await session.login(username, password);
      return stateOf(session);
    },
  });
  router.register({
    type: 'logout',
    input: emptySchema,
    access: 'extension-page',
    handle: async () => {
      await session.logout();
      return stateOf(session);
    },
  });
  router.register({
    type: 'changePassword',
    input: changePasswordSchema,
    access: 'extension-page',
    handle: async ({ oldPassword, newPassword }) => {
      await session.changePassword(oldPassword, newPassword);
      return { changed: true as const };
    },
  });
}
