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

/**
 * -32602: the site's nonce is ahead of the account's next one. The transaction would wait in the
 * node's pool and run later, against another state than the one simulated and shown.
 */
export class NonceGapError extends ProviderRpcError {
  constructor(nonce: number, next: number) {
    super(
      -32602,
      `Invalid params for eth_sendTransaction: nonce ${nonce} is ahead of the account's next nonce ${next}; Encore does not leave a gap. Leave the nonce out and Encore takes the next one.`,
      { param: 'nonce' },
    );
  }
}

/**
 * -32602: the site's nonce is that of a transaction already sent, which this site did not send
 * through Encore (another site's, or one Encore does not know): sending it would replace or cancel
 * that transaction. `unannounced`: the site's own, but the window did not say it replaces it.
 */
export class NonceTakenError extends ProviderRpcError {
  constructor(nonce: number, unannounced = false) {
    super(
      -32602,
      unannounced
        ? `Invalid params for eth_sendTransaction: nonce ${nonce} now replaces a pending transaction, which the approval did not show; send it again.`
        : `Invalid params for eth_sendTransaction: nonce ${nonce} belongs to a transaction this site did not send through Encore; a site may replace only its own pending transactions. Leave the nonce out and Encore takes the next one.`,
      { param: 'nonce' },
    );
  }
}
