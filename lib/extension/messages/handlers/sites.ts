import { currentConnections, normalizeOrigin } from '../../permissions/index.ts';
import type { WalletSession } from '../../session/index.ts';
import type { Router } from '../router.ts';
import { emptySchema, siteSchema } from '../schemas.ts';

/** The popup's view of connections: those of the account logged in now (none when logged out). */
export function registerSiteMessages(router: Router, session: WalletSession): void {
  const connections = currentConnections(() => session.getWallet()?.address ?? null);
  router.register({
    type: 'sites.list',
    input: emptySchema,
    access: 'extension-page',
    handle: async () => {
      await session.ready();
      return connections.list();
    },
  });
  router.register({
    type: 'sites.revoke',
    input: siteSchema,
    access: 'extension-page',
    handle: async ({ origin }) => {
      const site = normalizeOrigin(origin);
      await session.ready();
      return { revoked: await connections.revoke(site) };
    },
  });
}
