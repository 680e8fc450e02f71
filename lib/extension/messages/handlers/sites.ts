import { type CurrentConnections, normalizeOrigin } from '../../permissions/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema, siteSchema } from '../schemas.ts';

export interface SiteMessageDeps {
  session: WalletSession;
  /** The connections of whoever is logged in (none when logged out). */
  connections: CurrentConnections;
}

/** The popup's view of connections: those of the account logged in now. */
export function siteMessages({ session, connections }: SiteMessageDeps) {
  return [
    defineMessage({
      type: 'sites.list',
      input: emptySchema,
      access: 'extension-page',
      handle: async () => {
        await session.ready();
        return connections.list();
      },
    }),
    defineMessage({
      type: 'sites.revoke',
      input: siteSchema,
      access: 'extension-page',
      handle: async ({ origin }) => {
        const site = normalizeOrigin(origin);
        await session.ready();
        return { revoked: await connections.revoke(site) };
      },
    }),
  ];
}
