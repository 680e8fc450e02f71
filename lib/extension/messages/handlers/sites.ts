import { listConnectedSites, normalizeOrigin, revokeSite } from '../../permissions/index.ts';
import type { Router } from '../router.ts';
import { emptySchema, siteSchema } from '../schemas.ts';

export function registerSiteMessages(router: Router): void {
  router.register({
    type: 'sites.list',
    input: emptySchema,
    access: 'extension-page',
    handle: () => listConnectedSites(),
  });
  router.register({
    type: 'sites.revoke',
    input: siteSchema,
    access: 'extension-page',
    handle: async ({ origin }) => ({ revoked: await revokeSite(normalizeOrigin(origin)) }),
  });
}
