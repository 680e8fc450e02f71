// What the chain says about a sent transaction now. Mined: its receipt's status and the fee paid.
// Not mined: still pending, unless it can never be (the account's mined nonce has moved past it,
// so another transaction took its place; or the node has not known it for DROP_AFTER_MS).

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import type { ActivityEntry, ActivityStatus } from './activity-entry.ts';
import { readBatchStatus } from './batch-status.ts';
import type { SponsoredBatch } from './types.ts';

/** How long a transaction the node no longer knows may stay "pending" before it is "dropped". */
export const DROP_AFTER_MS = 30 * 60 * 1000;

export interface StatusUpdate {
  status: ActivityStatus;
  feePaid: string | null;
  blockNumber: number | null;
  /** A sponsored batch's facts with the transaction that ran it, once mined. */
  batch?: SponsoredBatch;
}

const quantity = (value: unknown): bigint | null =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : null;

/** The entry's status as the chain tells it; throws when the chain cannot be read. */
export async function readStatus(
  chain: ChainRpc,
  entry: ActivityEntry,
  now: number,
): Promise<StatusUpdate> {
  if (entry.batch) return readBatchStatus(chain, entry, entry.batch);
  const receipt = await chain.request('eth_getTransactionReceipt', [entry.hash]);
  if (receipt && typeof receipt === 'object') {
    const r = receipt as Record<string, unknown>;
    const gasUsed = quantity(r.gasUsed);
    const price = quantity(r.effectiveGasPrice);
    const block = quantity(r.blockNumber);
    return {
      status: quantity(r.status) === 1n ? 'confirmed' : 'failed',
      feePaid: gasUsed !== null && price !== null ? (gasUsed * price).toString() : null,
      blockNumber: block === null ? null : Number(block),
    };
  }
  const mined = quantity(await chain.request('eth_getTransactionCount', [entry.account, 'latest']));
  if (mined !== null && entry.nonce !== null && mined > BigInt(entry.nonce)) {
    // Its nonce is used and it has no receipt: another transaction was mined in its place.
    return { status: 'dropped', feePaid: null, blockNumber: null };
  }
  if (now - entry.sentAt > DROP_AFTER_MS) {
    const known = await chain.request('eth_getTransactionByHash', [entry.hash]);
    if (known === null) return { status: 'dropped', feePaid: null, blockNumber: null };
  }
  return { status: 'pending', feePaid: null, blockNumber: null };
}
