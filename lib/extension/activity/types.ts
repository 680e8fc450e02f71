// What the worker keeps of each transaction it signed and the chain's node accepted: the send
// path records it, the activity list shows it and follows its receipt.

/** A transaction Encore signed and broadcast, as the activity list keeps it. */
export interface SentTransaction {
  /** The sending account, checksummed. */
  readonly account: string;
  readonly chainId: number;
  /** The site that asked for it: its origin, from the provider port's sender. */
  readonly origin: string;
  /** 0x + 64 hex digits. */
  readonly hash: string;
  readonly nonce: number;
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
}

/** Where the send path hands each broadcast transaction. */
export interface ActivityRecorder {
  record(transaction: SentTransaction): Promise<void>;
}
