// The transaction requests a move is reviewed from: first with a stand-in native value (gas and
// fee read from the chain), then with the value that moves and the same gas limit and fee pinned,
// so the fee the amount was computed with is exactly the fee that is signed.

import type { FeeCap } from '../../move/index.ts';
import type {
  CanonicalTransaction,
  TransactionFee,
  TransactionRequest,
} from '../../transactions/index.ts';
import { erc20Abi, type TokenHolding } from './token-balances.ts';

/** Gas and fee a reviewed transaction carries, to pin on its final version. */
export interface PinnedFee {
  readonly gasLimit: bigint;
  readonly fee: TransactionFee;
}

export function pinnedFeeOf(tx: CanonicalTransaction): PinnedFee {
  return { gasLimit: BigInt(tx.gasLimit), fee: tx.fee };
}

export function feeCapOf(pinned: PinnedFee): FeeCap {
  return {
    gasLimit: pinned.gasLimit,
    maxPricePerGas: BigInt(pinned.fee.type === 2 ? pinned.fee.maxFeePerGas : pinned.fee.gasPrice),
  };
}

/** A request from `from` to `to`, everything else left to the chain unless `pinned`. */
export function moveRequest(options: {
  chainId: number;
  from: string;
  to: string;
  value: bigint;
  data: string;
  pinned?: PinnedFee;
  /** 2 when the transaction must be EIP-1559-style (it carries an upgrade). */
  type?: 2;
}): TransactionRequest {
  const { pinned } = options;
  const fee = pinned?.fee;
  return {
    from: options.from,
    to: options.to,
    value: options.value,
    data: options.data,
    gas: pinned?.gasLimit,
    gasPrice: fee?.type === 0 ? BigInt(fee.gasPrice) : undefined,
    maxFeePerGas: fee?.type === 2 ? BigInt(fee.maxFeePerGas) : undefined,
    maxPriorityFeePerGas: fee?.type === 2 ? BigInt(fee.maxPriorityFeePerGas) : undefined,
    nonce: undefined,
    chainId: options.chainId,
    type: fee ? fee.type : options.type,
    accessList: undefined,
  };
}

/** The calldata moving all of `holding` to `destination`. */
export function transferAll(holding: TokenHolding, destination: string): string {
  return erc20Abi()
    .encodeFunctionData('transfer', [destination, BigInt(holding.amount)])
    .toLowerCase();
}

/** A value of the balance's size that any balance affords, for reading gas before the amount. */
export function standInValue(balanceWei: bigint): bigint {
  return balanceWei > 1n ? balanceWei / 2n : 1n;
}
