import { NotLoggedInError } from '../../../hedgehog/index.ts';
import {
  findWalletProfile,
  getCatalogClient,
  searchProfiles,
  type WalletSession,
} from '../../session/index.ts';
import type { Router } from '../router.ts';
import { emptySchema, searchSchema } from '../schemas.ts';

const SEARCH_LIMIT = 5;

export function registerCatalogMessages(router: Router, session: WalletSession): void {
  router.register({
    type: 'getCatalogProfile',
    input: emptySchema,
    access: 'extension-page',
    handle: async () => {
      await session.ready();
      const address = session.getWallet()?.address;
      if (!address) throw new NotLoggedInError();
      return findWalletProfile(await getCatalogClient(), address);
    },
  });
  router.register({
    type: 'searchCatalogUsers',
    input: searchSchema,
    access: 'extension-page',
    handle: async ({ query }) => searchProfiles(await getCatalogClient(), query, SEARCH_LIMIT),
  });
}
