// The transaction run as an eth_call at the latest block, before the person decides. It informs:
// the node that answers may lie, so a simulation never changes what is signed.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { callObject } from './call-object.ts';
import type { CanonicalTransaction } from './canonical.ts';
import { describeRevert, isRevert, type RevertReason, revertDataOf } from './revert.ts';

export type Simulation =
  | { readonly outcome: 'success' }
  | { readonly outcome: 'revert'; readonly reason: RevertReason }
  /** The node could not run it (down, slow, refused the method). */
  | { readonly outcome: 'unavailable'; readonly why: string };

export async function simulate(tx: CanonicalTransaction, chain: ChainRpc): Promise<Simulation> {
  try {
    await chain.request('eth_call', [
      callObject({
        from: tx.from,
        to: tx.to,
        value: BigInt(tx.value),
        data: tx.data,
        gas: BigInt(tx.gasLimit),
      }),
      'latest',
    ]);
    return { outcome: 'success' };
  } catch (error) {
    if (isRevert(error)) return { outcome: 'revert', reason: describeRevert(revertDataOf(error)) };
    const message = error instanceof Error ? error.message : String(error);
    return { outcome: 'unavailable', why: message };
  }
}
