// The one transaction object the approval window shows and the wallet signs. Plain JSON (amounts
// as decimal strings) so it crosses to the window unchanged; everything the window says about a
// transaction is derived from it, and `toSignable` is the only way it becomes a signature.

import { getAddress, type TransactionLike } from 'ethers';
import type { AccessListEntry } from './request.ts';

export type TransactionFee =
  | { readonly type: 2; readonly maxFeePerGas: string; readonly maxPriorityFeePerGas: string }
  | { readonly type: 0; readonly gasPrice: string };

export interface CanonicalTransaction {
  readonly chainId: number;
  /** Checksummed. */
  readonly from: string;
  /** Checksummed; null when the transaction creates a contract. */
  readonly to: string | null;
  /** Wei, decimal. */
  readonly value: string;
  /** Lower-case hex, `0x` when there is none. */
  readonly data: string;
  readonly gasLimit: string;
  readonly fee: TransactionFee;
  /** The site's nonce, or null: Encore takes the account's next one when it signs. */
  readonly nonce: number | null;
  readonly accessList: readonly AccessListEntry[];
}

/** The most gas can cost: gas limit × the highest price per gas the transaction allows. */
export function maxFeeWei(tx: CanonicalTransaction): bigint {
  const price = tx.fee.type === 2 ? tx.fee.maxFeePerGas : tx.fee.gasPrice;
  return BigInt(tx.gasLimit) * BigInt(price);
}

/** The most the transaction can take from the account: its value and its maximum fee. */
export function maxCostWei(tx: CanonicalTransaction): bigint {
  return BigInt(tx.value) + maxFeeWei(tx);
}

/**
 * The fields ethers signs, from the canonical object and the nonce it is sent with (the site's,
 * or the account's next one when the site left it out).
 */
export function toSignable(tx: CanonicalTransaction, nonce: number): TransactionLike<string> {
  if (tx.nonce !== null && tx.nonce !== nonce) {
    throw new Error(`The approved transaction has nonce ${tx.nonce}, not ${nonce}`);
  }
  const common = {
    chainId: BigInt(tx.chainId),
    from: getAddress(tx.from),
    to: tx.to === null ? null : getAddress(tx.to),
    value: BigInt(tx.value),
    data: tx.data,
    gasLimit: BigInt(tx.gasLimit),
    nonce,
  };
  if (tx.fee.type === 0) return { ...common, type: 0, gasPrice: BigInt(tx.fee.gasPrice) };
  return {
    ...common,
    type: 2,
    maxFeePerGas: BigInt(tx.fee.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.fee.maxPriorityFeePerGas),
    accessList: tx.accessList.map((entry) => ({
      address: getAddress(entry.address),
      storageKeys: [...entry.storageKeys],
    })),
  };
}
