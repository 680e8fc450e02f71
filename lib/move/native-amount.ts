// How much of the native balance a move sends: everything the transactions' fees cannot take.
// Each transaction may charge at most its gas limit × its maximum price per gas, and the chain
// refuses a transaction whose value plus that maximum exceeds the balance; so the last wei that
// can move is the balance minus the sum of those maxima, exactly. Whatever the fees do not use
// comes back to the account after the transactions run: that, and nothing else, stays.

export interface FeeCap {
  readonly gasLimit: bigint;
  /** The most one unit of gas may cost (maxFeePerGas, or the legacy gasPrice). */
  readonly maxPricePerGas: bigint;
}

export interface NativeMove {
  /** Wei sent to the destination: 0 when the fees take the whole balance. */
  readonly valueWei: bigint;
  /** Wei the fees may take at most (the sum of gas limit × maximum price). */
  readonly feeCapWei: bigint;
  /** Whether the balance pays the fees at all (if not, nothing can move, tokens neither). */
  readonly feesCovered: boolean;
}

export function feeCapWei(cap: FeeCap): bigint {
  return cap.gasLimit * cap.maxPricePerGas;
}

/** What moves of `balanceWei` when transactions with these fee caps are sent. */
export function nativeToMove(balanceWei: bigint, caps: readonly FeeCap[]): NativeMove {
  const feeCap = caps.reduce((sum, cap) => sum + feeCapWei(cap), 0n);
  const valueWei = balanceWei > feeCap ? balanceWei - feeCap : 0n;
  return { valueWei, feeCapWei: feeCap, feesCovered: balanceWei >= feeCap };
}
