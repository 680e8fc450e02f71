// What the chain says about a sponsored batch: its EntryPoint's UserOperationEvent, read as
// wallet_getCallsStatus reads it (@encore-wallet/calls), so the popup and the site hear the same thing. The
// sponsor paid the fee: the listener's is nothing.

import { type Address, type Hex, readCallsStatus } from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import type { ActivityEntry } from './activity-entry.ts';
import type { StatusUpdate } from './transaction-status.ts';
import type { SponsoredBatch } from './types.ts';

const STATUS: Record<number, StatusUpdate['status']> = {
  100: 'pending',
  200: 'confirmed',
  400: 'dropped',
  500: 'failed',
  600: 'failed',
};

export async function readBatchStatus(
  chain: ChainRpc,
  entry: ActivityEntry,
  batch: SponsoredBatch,
): Promise<StatusUpdate> {
  const calls = await readCallsStatus(chain, {
    kind: 'sponsored',
    id: entry.hash,
    chainId: entry.chainId,
    entryPoint: batch.entryPoint as Address,
    userOpHash: entry.hash as Hex,
    fromBlock: BigInt(batch.fromBlock),
    deadline: batch.deadline,
  });
  const receipt = calls.receipts[0];
  const status = STATUS[calls.status] ?? 'pending';
  return {
    status,
    feePaid: status === 'pending' || status === 'dropped' ? null : '0',
    blockNumber: receipt ? Number(BigInt(receipt.blockNumber)) : null,
    ...(receipt ? { batch: { ...batch, transactionHash: receipt.transactionHash } } : {}),
  };
}
