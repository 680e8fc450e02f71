import type { CatalogClient } from '../../../catalog/index.ts';
import type { WalletSession } from '../../session/index.ts';
import type { Router } from '../router.ts';
import { registerCatalogMessages } from './catalog.ts';
import { registerSettingsMessages } from './settings.ts';
import { registerSiteMessages } from './sites.ts';
import { registerWalletMessages } from './wallet.ts';

/** The popup's and options page's messages (the provider side registers its own). */
export function registerCoreMessages(
  router: Router,
  session: WalletSession,
  catalogClient: () => Promise<CatalogClient>,
): void {
  registerWalletMessages(router, session);
  registerSettingsMessages(router, session);
  registerSiteMessages(router, session);
  registerCatalogMessages(router, session, catalogClient);
}
