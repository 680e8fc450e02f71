import { NotLoggedInError } from '@encore-wallet/core';
import type { WalletSession } from '../../session/index.ts';
import type { KnownChain } from '../../settings/index.ts';
import type { GrantStore, StoredGrant } from '../../spend-permissions/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';

export interface SpendPermissionMessageDeps {
  session: WalletSession;
  grants: GrantStore;
  currentChain(): Promise<KnownChain>;
}

/** The popup's list of spend permissions: the logged-in account's, on the current chain. */
export interface GrantList {
  chainId: number;
  /** Oldest first, revoked ones included (`revoked` set). */
  grants: StoredGrant[];
}

/**
 * `permissions.list`: the spend permissions the logged-in listener granted on the current chain.
 * Popup only. A page that shows them follows changes with `onGrantsChanged` and asks again.
 */
export function spendPermissionMessages({
  session,
  grants,
  currentChain,
}: SpendPermissionMessageDeps) {
  return [
    defineMessage({
      type: 'permissions.list',
      input: emptySchema,
      access: 'popup',
      handle: async (): Promise<GrantList> => {
        await session.ready();
        const address = session.getAddress();
        if (!address) throw new NotLoggedInError();
        const chain = await currentChain();
        return { chainId: chain.id, grants: await grants.list(address, chain.id) };
      },
    }),
  ];
}
