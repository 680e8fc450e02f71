// A batch the listener pays for: one transaction from the account to itself calling the
// delegate's `execute` (the delegate lets the address itself run batches), so the calls run
// atomically, in order, with msg.sender = the account. When the account does not run the
// delegate yet, the same transaction carries the upgrade (EIP-7702, type 4), whose nonce is the
// account's own next-but-one: the transaction spends one before the authorization applies
// (`prepareUpgrade(…, sentBy: 'account')`). Nonce, gas and fees are the send path's to fill.
import type { Call } from './calls.ts';
import { type DelegateTable, pinnedDelegate } from './delegates.ts';
import { DelegateNotPinnedError } from './errors.ts';
import { encodeExecute } from './execute-batch.ts';
import type { Address, Hex } from './schemas.ts';
import type { SignedAuthorization } from './upgrade.ts';

export interface OwnBatchTransaction {
  readonly type: 2 | 4;
  readonly chainId: number;
  readonly from: Address;
  /** The account itself. */
  readonly to: Address;
  /** Nothing travels with the transaction: each call's value leaves the account's balance. */
  readonly value: 0n;
  readonly data: Hex;
  readonly authorizationList?: readonly SignedAuthorization[];
}

export function ownBatchTransaction(options: {
  readonly table: DelegateTable;
  readonly chainId: number;
  readonly account: Address;
  readonly calls: readonly Call[];
  /** The signed upgrade, when the account does not run the delegate yet. */
  readonly upgrade: SignedAuthorization | null;
}): OwnBatchTransaction {
  const pinned = pinnedDelegate(options.table, options.chainId);
  const base = {
    chainId: options.chainId,
    from: options.account,
    to: options.account,
    value: 0n as const,
    data: encodeExecute(options.calls),
  };
  if (!options.upgrade) return { type: 2, ...base };
  if (
    options.upgrade.address !== pinned.address ||
    BigInt(options.upgrade.chainId) !== BigInt(options.chainId)
  ) {
    throw new DelegateNotPinnedError(options.chainId, options.upgrade.address);
  }
  return { type: 4, ...base, authorizationList: [options.upgrade] };
}
