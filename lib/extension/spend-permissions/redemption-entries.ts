// Each redemption of the listener's grants as a line of Activity, built from the enforcer's
// events each time the list is read (never stored: the chain is the record). It names the site
// that took it, the amount and the token; the site's session account paid its fee.

import type { ActivityEntry } from '../activity/index.ts';
import type { ListedGrant } from './grant-overview.ts';
import { grantAmount } from './grant-words.ts';

const hostOf = (origin: string): string => {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
};

/** The redemptions of `grants` (as the list read them) as Activity lines of `account`. */
export function redemptionEntries(
  account: string,
  grants: readonly ListedGrant[],
  checkedAt: number,
): ActivityEntry[] {
  return grants.flatMap((grant) =>
    (grant.usage?.redemptions ?? []).map(
      (redemption): ActivityEntry => ({
        account,
        chainId: grant.chainId,
        origin: grant.origin,
        hash: redemption.txHash.toLowerCase(),
        nonce: null,
        summary: `${hostOf(grant.origin)} took ${grantAmount(redemption.amount, grant.token)} under your spend permission`,
        to: grant.redeemer,
        value: grant.token.kind === 'native' ? redemption.amount : '0',
        maxFee: '0',
        sentAt: redemption.at * 1000,
        status: 'confirmed',
        // The site's session account sent it and paid its fee.
        feePaid: null,
        blockNumber: redemption.blockNumber,
        checkedAt,
      }),
    ),
  );
}
