import type { CatalogClient } from '@encore-wallet/catalog';
import {
  findWalletProfile,
  type LinkedProfiles,
  profileOf,
  searchProfiles,
  type WalletCatalogProfile,
} from '../../catalog/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema, linkProfileSchema, searchSchema } from '../schemas.ts';
import { loggedInAddress } from './logged-in-address.ts';

const SEARCH_LIMIT = 5;

export interface CatalogMessageDeps {
  session: WalletSession;
  /** The catalog client for the current settings. */
  catalogClient(): Promise<CatalogClient>;
  /** The profile each account's person chose in the popup's search. */
  linkedProfiles: LinkedProfiles;
}

/**
 * The popup's profile card and handle search; a search result the person clicks becomes the
 * profile the popup shows for this wallet (`catalog.link`, from an extension page), until the
 * catalog itself lists the wallet as someone's or the person unlinks it.
 */
export function catalogMessages({ session, catalogClient, linkedProfiles }: CatalogMessageDeps) {
  const account = (): Promise<string> => loggedInAddress(session);
  /** The profile as the popup shows it now, kept for the next popup (not awaited). */
  const shown = (address: string, profile: WalletCatalogProfile | null) => {
    // The write waits its turn behind the session's other operations (a derivation, a login).
    session.rememberProfile(address, profile).catch((error: unknown) => {
      console.error('[encore] could not keep the profile', error);
    });
    return profile;
  };
  return [
    defineMessage({
      type: 'getCatalogProfile',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        const address = await account();
        const chosen = await linkedProfiles.read(address);
        return shown(address, await findWalletProfile(await catalogClient(), address, chosen));
      },
    }),
    // The user is read from the catalog first: an id it does not know links nothing.
    defineMessage({
      type: 'catalog.link',
      input: linkProfileSchema,
      access: 'extension-page',
      handle: async ({ userId }) => {
        const address = await account();
        const client = await catalogClient();
        await profileOf(client, userId);
        await linkedProfiles.write(address, userId);
        return shown(address, await findWalletProfile(client, address, userId));
      },
    }),
    defineMessage({
      type: 'catalog.unlink',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        const address = await account();
        await linkedProfiles.write(address, null);
        return shown(address, await findWalletProfile(await catalogClient(), address));
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
