import { z } from 'zod';
import type { WalletSession } from '../../session/index.ts';
import type { GrantOverview, ListedGrant } from '../../spend-permissions/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';
import { loggedInAddress } from './logged-in-address.ts';

export interface GrantOverviewMessageDeps {
  session: WalletSession;
  grantOverview: GrantOverview;
}

const revokeSchema = z.lazy(() =>
  z.strictObject({
    id: z
      .string({ error: 'Name the permission to revoke' })
      .regex(/^0x[0-9a-fA-F]{64}$/, 'A permission’s id is 0x and 64 hex digits'),
  }),
);

/**
 * The popup's Permissions view, popup only: `permissions.overview` lists the logged-in
 * listener's grants on the current chain with what each has taken (read from the chain), and
 * `permissions.revoke` sends `disableDelegation` from the listener's address. The listener acts
 * in their own popup, so there is no approval window; a revoke moves nothing, so the daily
 * limit's password is not asked; it pays the gas.
 */
export function grantOverviewMessages({ session, grantOverview }: GrantOverviewMessageDeps) {
  const account = (): Promise<string> => loggedInAddress(session);
  return [
    defineMessage({
      type: 'permissions.overview',
      input: emptySchema,
      access: 'popup',
      handle: async (): Promise<{ grants: ListedGrant[] }> => ({
        grants: await grantOverview.list(await account()),
      }),
    }),
    defineMessage({
      type: 'permissions.revoke',
      input: revokeSchema,
      access: 'popup',
      handle: async ({ id }): Promise<{ txHash: string }> =>
        grantOverview.revoke(await account(), id),
    }),
  ];
}
