import type { CatalogClient } from '@encore-wallet/catalog';
import { NotLoggedInError } from '@encore-wallet/core';
import { findWalletProfile, searchProfiles } from '../../catalog/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema, searchSchema } from '../schemas.ts';

const SEARCH_LIMIT = 5;

export interface CatalogMessageDeps {
  session: WalletSession;
  /** The catalog client for the current settings. */
  catalogClient(): Promise<CatalogClient>;
}

/** The popup's profile card and handle search. */
export function catalogMessages({ session, catalogClient }: CatalogMessageDeps) {
  return [
    defineMessage({
      type: 'getCatalogProfile',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        await session.ready();
        const address = session.getAddress();
        if (!address) throw new NotLoggedInError();
        const profile = await findWalletProfile(await catalogClient(), address);
        // Kept for the next popup, which shows it at once and refreshes it. Not awaited: the
        // write waits its turn behind the session's other operations (a derivation, a login).
        session.rememberProfile(address, profile).catch((error: unknown) => {
          console.error('[encore] could not keep the profile', error);
        });
        return profile;
      },
    }),
    defineMessage({
      type: 'searchCatalogUsers',
      input: searchSchema,
      access: 'extension-page',
      handle: async ({ query }) => searchProfiles(await catalogClient(), query, SEARCH_LIMIT),
    }),
  ];
}
