// The canonical object a listener approves and signs for a sponsored batch: which calls, from
// which account, on which chain, through which EntryPoint and delegate, until when, under which
// nonce, with which gas limits. Everything the window shows about the batch is derived from it,
// and `userOperationTypedData` turns exactly it into what the key signs. Its fees are zero and it
// names no paymaster: the sponsor pays the transaction that carries it, so no fee can be charged
// to the account.
import type { Call } from './calls.ts';
import { nonceOf } from './deadline-nonce.ts';
import { type DelegateTable, pinnedDelegate } from './delegates.ts';
import type { Address } from './schemas.ts';

export interface BatchGas {
  /** Gas for running the calls. */
  readonly callGasLimit: bigint;
  /** Gas for the account's validation (signature, deadline) and the delegation marker. */
  readonly verificationGasLimit: bigint;
  /** ERC-4337's allowance for the bundler's own overhead; no fee depends on it here. */
  readonly preVerificationGas: bigint;
}

export interface CallBatch {
  readonly chainId: number;
  readonly account: Address;
  readonly entryPoint: Address;
  /** The pinned delegate: the operation's hash binds it (the EIP-7702 initCode marker). */
  readonly delegate: Address;
  readonly calls: readonly Call[];
  /** The last second (Unix time) the batch may run. */
  readonly deadline: number;
  /** The EntryPoint's sequence under the deadline's key (usually 0). */
  readonly sequence: bigint;
  readonly gas: BatchGas;
}

/** Each gas limit Encore accepts from a sponsor's estimate, at most. */
export const MAX_GAS_LIMIT = 10_000_000n;

export interface BuildCallBatchOptions {
  readonly table: DelegateTable;
  readonly chainId: number;
  readonly account: Address;
  readonly calls: readonly Call[];
  readonly deadline: number;
  readonly sequence: bigint;
  readonly gas: BatchGas;
}

/** A batch for the pinned delegate of `chainId` (NoPinnedDelegateError when there is none). */
export function buildCallBatch(options: BuildCallBatchOptions): CallBatch {
  const pinned = pinnedDelegate(options.table, options.chainId);
  nonceOf(options.deadline, options.sequence); // range checks
  for (const [name, value] of Object.entries(options.gas)) {
    if (value < 0n || value > MAX_GAS_LIMIT) {
      throw new RangeError(`${name} must lie between 0 and ${MAX_GAS_LIMIT}`);
    }
  }
  return {
    chainId: options.chainId,
    account: options.account,
    entryPoint: pinned.entryPoint,
    delegate: pinned.address,
    calls: options.calls,
    deadline: options.deadline,
    sequence: options.sequence,
    gas: options.gas,
  };
}
