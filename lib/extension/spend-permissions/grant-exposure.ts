// What the listener's grants can still take, per token: for each grant not revoked nor ended,
// what is left of this period plus the cap of every period still to start before the expiry,
// never more than its total less what it took. Read from the list (the chain's figures); a grant
// whose figures could not be read counts at its whole remaining total, never at nothing.

import type { GrantTokenWords } from '../grant-words/index.ts';
import type { ListedGrant } from './grant-overview.ts';

export interface GrantExposure {
  readonly chainId: number;
  readonly token: GrantTokenWords;
  /** Raw units the grants on this token can still take, decimal. */
  readonly canTake: string;
  /** How many grants that is. */
  readonly grants: number;
}

/** What one grant can still take, in raw units. */
export function remainingOf(grant: ListedGrant): bigint {
  if (grant.state === 'revoked' || grant.state === 'ended') return 0n;
  const cap = BigInt(grant.periodAmount);
  const usage = grant.usage;
  const total = BigInt(grant.maxTotal) - BigInt(usage?.takenTotal ?? '0');
  const left = total > 0n ? total : 0n;
  if (!usage) return left;
  if (usage.disabled || usage.expired) return 0n;
  const current = usage.started ? BigInt(usage.availableThisPeriod) : 0n;
  const later =
    usage.periodEndsAt < grant.expiry
      ? Math.ceil((grant.expiry - usage.periodEndsAt) / grant.periodSeconds)
      : 0;
  const ahead = current + cap * BigInt(later);
  return ahead < left ? ahead : left;
}

const keyOf = (grant: ListedGrant): string =>
  `${grant.chainId}:${grant.token.kind === 'erc20' ? grant.token.address.toLowerCase() : 'native'}`;

/** The grants' remaining takes, summed per chain and token (those that can take nothing left out). */
export function grantExposure(grants: readonly ListedGrant[]): GrantExposure[] {
  const sums = new Map<string, { grant: ListedGrant; canTake: bigint; grants: number }>();
  for (const grant of grants) {
    const remaining = remainingOf(grant);
    if (remaining === 0n) continue;
    const key = keyOf(grant);
    const sum = sums.get(key);
    if (sum) {
      sum.canTake += remaining;
      sum.grants += 1;
    } else {
      sums.set(key, { grant, canTake: remaining, grants: 1 });
    }
  }
  return [...sums.values()].map(({ grant, canTake, grants: count }) => ({
    chainId: grant.chainId,
    token: grant.token,
    canTake: canTake.toString(),
    grants: count,
  }));
}
