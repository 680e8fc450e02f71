// What a site hears when Encore will not send a transaction it approved: the daily limit was
// reached meanwhile, or the chain changed while the window was open. Both extend the page's
// ProviderRpcError, so the pipeline passes them through unchanged.

import {
  formatNative,
  type NativeCurrency,
  type SpendingReason,
} from '../../transactions/index.ts';
import { ProviderRpcError } from '../protocol/index.ts';

/**
 * 4100: over the daily spending limit, without the password. The window asks for the password
 * when a transaction is over the limit; this is for one that became over it while waiting (two
 * approved together).
 */
export class SpendingLimitError extends ProviderRpcError {
  constructor(
    spentWei: bigint,
    limitWei: bigint,
    currency: NativeCurrency,
    reason: SpendingReason = 'over-limit',
  ) {
    super(
      4100,
      reason === 'over-limit'
        ? `This request would take the account over its daily spending limit in Encore (${formatNative(spentWei, currency)} of ${formatNative(limitWei, currency)} spent in the last 24 hours). Send it again and approve it with your password.`
        : `This request ${reason === 'tokens' ? 'moves tokens from the account or lets another address move them' : 'grants an approval without a cap'}, which Encore sends under a daily spending limit only with your password. Send it again and approve it with your password.`,
    );
  }
}

/** 4901: the person switched chains while the window was open; the approval was for the other. */
export class ChainChangedError extends ProviderRpcError {
  constructor(approvedChainId: number, currentChainId: number) {
    super(
      4901,
      `The transaction was approved for chain ${approvedChainId}, but Encore is now on chain ${currentChainId}; nothing was sent.`,
    );
  }
}
