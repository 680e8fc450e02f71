// What the worker keeps of each transaction it signed and the chain's node accepted: the send
// path records it, the activity list shows it and follows its receipt.

/** A transaction Encore signed and broadcast, as the activity list keeps it. */
export interface SentTransaction {
  /** The sending account, checksummed. */
  readonly account: string;
  readonly chainId: number;
  /** The site that asked for it: its origin, from the provider port's sender. */
  readonly origin: string;
  /** 0x + 64 hex digits: the transaction's hash, or a sponsored batch's userOpHash. */
  readonly hash: string;
  /** The account's nonce the transaction took; null for a sponsored batch (the sponsor's). */
  readonly nonce: number | null;
  /** What the call does, in the words the approval window showed. */
  readonly summary: string;
  /** The recipient or contract called; null for a contract creation. */
  readonly to: string | null;
  /** The native value sent, in wei, as a decimal string. */
  readonly value: string;
  /** The most the fee can be (gas limit × max fee per gas), in wei, as a decimal string. */
  readonly maxFee: string;
  /** When the node accepted it, in milliseconds since the epoch. */
  readonly sentAt: number;
  /** Set for a batch of calls a sponsor submits (wallet_sendCalls): how to find it on chain. */
  readonly batch?: SponsoredBatch;
}

/** A sponsored batch, found on chain by its EntryPoint's UserOperationEvent. */
export interface SponsoredBatch {
  /** `host[:port]` of the sponsor that pays, as the approval window named it. */
  readonly paidBy: string;
  readonly calls: number;
  readonly entryPoint: string;
  /** The latest block when it was sent, decimal: the operation is in no earlier one. */
  readonly fromBlock: string;
  /** Unix seconds: after a block past it, the batch can never run. */
  readonly deadline: number;
  /** The sponsor's transaction that ran it, once mined; else null. */
  readonly transactionHash: string | null;
}

/**
 * What a sponsor said when it did not take a batch (so nothing was sent): its own words, for the
 * person, never for the site. One line of text (no markup is ever read from it), at most 300
 * characters.
 */
export interface SponsorRefusalNote {
  readonly says: string;
  /** When the sponsor said to ask again (ms since the epoch), or null. */
  readonly retryAt: number | null;
}

/** Where the send path hands each broadcast transaction. */
export interface ActivityRecorder {
  record(transaction: SentTransaction): Promise<void>;
  /** A sponsored batch the sponsor did not take: listed as not sent, with the sponsor's words. */
  recordRefused?(transaction: SentTransaction, refusal: SponsorRefusalNote): Promise<void>;
}
