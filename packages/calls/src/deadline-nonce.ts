// A user operation's nonce carries its deadline. The EntryPoint's nonce is a 192-bit key and a
// 64-bit sequence; Encore's delegate reads the key's low 48 bits as the last second the operation
// may run (validUntil), and refuses a key of 0. So the listener's signature, which covers the
// nonce, covers the deadline, and the EntryPoint refuses each (key, sequence) a second time.

/** The largest deadline a key holds (uint48 seconds). */
const MAX_DEADLINE = 2 ** 48 - 1;

/** The whole nonce for a deadline (seconds since the epoch) and a sequence within its key. */
export function nonceOf(deadline: number, sequence: bigint): bigint {
  if (!Number.isSafeInteger(deadline) || deadline < 1 || deadline > MAX_DEADLINE) {
    throw new RangeError(`deadline must be a whole number of seconds from 1 to ${MAX_DEADLINE}`);
  }
  if (sequence < 0n || sequence >= 1n << 64n) throw new RangeError('sequence must fit in 64 bits');
  return (BigInt(deadline) << 64n) | sequence;
}

/** The nonce key of a deadline (what `EntryPoint.getNonce(account, key)` takes). */
export function keyOf(deadline: number): bigint {
  return nonceOf(deadline, 0n) >> 64n;
}

/** The deadline the delegate reads from a nonce (0: none, which it refuses). */
export function deadlineOf(nonce: bigint): number {
  return Number((nonce >> 64n) & BigInt(MAX_DEADLINE));
}

/** The sequence part of a nonce. */
export function sequenceOf(nonce: bigint): bigint {
  return nonce & ((1n << 64n) - 1n);
}
