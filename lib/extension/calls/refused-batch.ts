// A sponsored batch its sponsor did not take: the site hears one fixed error (sponsored-batch.ts),
// and the person finds the batch in Activity as not sent, with the sponsor's own words (one line
// of text) and when it said to ask again. A sponsor that waits for the account's earlier
// operation says so there, with the time it can no longer run.

import { userOperationHash } from '@encore-wallet/calls';
import type { ActivityRecorder } from '../activity/index.ts';
import type { SponsoredBatch } from './sponsored-batch.ts';

/** Lists `batch` as refused in Activity; a full or broken store is only logged. */
export async function recordRefusedBatch(
  activity: ActivityRecorder | undefined,
  refused: {
    readonly account: string;
    readonly origin: string;
    readonly batch: SponsoredBatch;
    readonly summary: string;
    readonly sentAt: number;
    readonly sponsorSays: { says: string; retryAfterSeconds: number | null };
  },
): Promise<void> {
  if (!activity?.recordRefused) return;
  const { batch, sponsorSays } = refused;
  const { draft } = batch;
  await activity
    .recordRefused(
      {
        account: refused.account,
        chainId: draft.chainId,
        origin: refused.origin,
        // The batch as shown (no gas limits yet): its own hash, an id for the list only.
        hash: userOperationHash(draft),
        nonce: null,
        summary: refused.summary,
        to: draft.calls[0]?.to ?? null,
        value: draft.calls.reduce((sum, call) => sum + call.value, 0n).toString(),
        maxFee: '0',
        sentAt: refused.sentAt,
        batch: {
          paidBy: batch.approval.paidBy.host,
          calls: draft.calls.length,
          entryPoint: draft.entryPoint,
          fromBlock: batch.fromBlock.toString(),
          deadline: draft.deadline,
          transactionHash: null,
        },
      },
      {
        says: sponsorSays.says,
        retryAt:
          sponsorSays.retryAfterSeconds === null
            ? null
            : refused.sentAt + sponsorSays.retryAfterSeconds * 1000,
      },
    )
    .catch((error: unknown) => {
      console.error('[encore] could not list the refused calls in Activity', error);
    });
}
