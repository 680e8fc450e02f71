import type { CatalogClient } from '../../../catalog/index.ts';
import { NotLoggedInError } from '../../../hedgehog/index.ts';
import { findWalletProfile, searchProfiles } from '../../catalog/index.ts';
import type { WalletSession } from '../../session/index.ts';
import type { Router } from '../router.ts';
import { emptySchema, searchSchema } from '../schemas.ts';

const SEARCH_LIMIT = 5;

export function registerCatalogMessages(
  router: Router,
  session: WalletSession,
  catalogClient: () => Promise<CatalogClient>,
): void {
  router.register({
    type: 'getCatalogProfile',
    input: emptySchema,
    access: 'extension-page',
    handle: async () => {
      await session.ready();
      const address = session.getWallet()?.address;
      if (!address) throw new NotLoggedInError();
      return findWalletProfile(await catalogClient(), address);
    },
  });
  router.register({
    type: 'searchCatalogUsers',
    input: searchSchema,
    access: 'extension-page',
    handle: async ({ query }) => searchProfiles(await catalogClient(), query, SEARCH_LIMIT),
  });
}
