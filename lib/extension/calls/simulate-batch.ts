// Encore's own run of a sponsored batch before the window: the calls as the account's `execute`,
// called by the account itself at the latest block (for an account not yet upgraded, read as if
// it ran the pinned delegate: delegated-reads.ts). The sponsor's "it succeeds" is the sponsor's
// word; this is what the window sets beside it. It informs only: what is signed is the batch.

import { type CallBatch, encodeExecute, MAX_GAS_LIMIT } from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { type Simulation, simulate } from '../../transactions/index.ts';
import { delegatedReads } from './delegated-reads.ts';

export function simulateSponsoredBatch(
  rpc: ChainRpc,
  batch: CallBatch,
  upgrading: boolean,
): Promise<Simulation> {
  const reads = upgrading ? delegatedReads(rpc, batch.account, batch.delegate) : rpc;
  // Whether the calls succeed, not whether the sponsor's gas suffices (that failure is its own
  // cost): at the most gas any batch may have.
  return simulate(
    {
      chainId: batch.chainId,
      from: batch.account,
      to: batch.account,
      value: '0',
      data: encodeExecute(batch.calls),
      gasLimit: MAX_GAS_LIMIT.toString(),
      fee: { type: 0, gasPrice: '0' },
      nonce: null,
      accessList: [],
    },
    reads,
  );
}
