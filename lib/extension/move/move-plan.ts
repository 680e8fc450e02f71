// What the popup shows before a move and after it: plain JSON, read from the chain by the
// worker. The plan lists exactly what the prepared transactions send.

import type { NativeCurrency } from '../../transactions/index.ts';
import type { SpendingState } from '../approvals/index.ts';
import type { DestinationFacts } from './destination-facts.ts';
import type { TokenHolding } from './token-balances.ts';

export interface MovePlan {
  /** Names the prepared move for move.send (single use). */
  id: string;
  /** The account moved out of, checksummed. */
  from: string;
  /** Where everything goes, checksummed. */
  destination: string;
  chain: { id: number; name: string };
  currency: NativeCurrency;
  facts: DestinationFacts;
  /** Token transfers, in the order they run (before the native amount). */
  tokens: TokenHolding[];
  /** Token contracts whose balance could not be read: they do not move. */
  unreadableTokens: string[];
  native: {
    /** Wei, decimal: the balance the plan was made from. */
    balanceWei: string;
    /** Wei, decimal: what moves (0 when the fees take everything). */
    valueWei: string;
    /** Wei, decimal: the most the fees may take; what they do not use stays in the account. */
    feeCapWei: string;
    /** Wei, decimal: what the fees are expected to take at the next block. */
    feeEstimateWei: string;
  };
  /** `batch`: one atomic transaction through Encore's delegate; `sequence`: one per transfer. */
  path: 'batch' | 'sequence';
  transactions: number;
  /** Per transaction, in order: the fee cap is the sum of gas limit × maximum price per gas. */
  fees: { gasLimit: string; maxPricePerGas: string }[];
  /**
   * The spend permissions the batch revokes before anything moves (disableDelegation from the
   * account), so no site can take from the account afterwards.
   */
  revokes: { id: string; origin: string }[];
  /** The batch carries the account's one-time upgrade to Encore's delegate. */
  upgrade: boolean;
  /** The daily limit as it stands for the move (the password is asked whatever it says). */
  spending: SpendingState;
}

export interface MoveSent {
  /** Names the sent move for move.outcome. */
  moveId: string;
  hashes: string[];
  /** Sent in order, a step was refused: those before it moved, the rest did not. */
  stopped: string | null;
}

export interface MoveOutcome {
  /** `confirmed`: every transaction ran; `failed`: one reverted; `pending`: not yet mined. */
  status: 'confirmed' | 'failed' | 'pending';
  destination: string;
  chain: { id: number; name: string };
  currency: NativeCurrency;
  hashes: string[];
  /** Read from the chain: what the destination holds more than before the move. */
  arrived: {
    nativeWei: string;
    tokens: (TokenHolding & { balance: string })[];
  };
  /** Wei, decimal: the destination's balance now. */
  destinationBalanceWei: string;
  /** Wei, decimal: what stayed in this account (the fee the chain did not use). */
  leftWei: string;
}
