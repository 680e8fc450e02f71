// Where an account's code points. Since EIP-7702 an address's code is empty, or the 23-byte
// designator 0xef0100 ‖ delegate: Encore's pinned delegate, or a contract another wallet chose.

import { type ChainRpc, readCode } from '@encore-wallet/utils/chain-rpc';
import { getAddress } from 'ethers';
import type { PinnedDelegate } from './delegates.ts';
import { AccountNotDelegatableError } from './errors.ts';
import type { Address, Hex } from './schemas.ts';

export type DelegationState =
  /** A plain address: the first sponsored or atomic batch needs the one-time upgrade. */
  | { readonly kind: 'none' }
  /** Runs Encore's delegate: nothing to sign but the batch. */
  | { readonly kind: 'encore' }
  /** Runs another contract (another wallet's choice): an upgrade would replace it. */
  | { readonly kind: 'other'; readonly delegate: Address };

const DESIGNATOR = /^0xef0100([0-9a-f]{40})$/;

/** The delegate an account's code designates, null for no code; throws for other code. */
export function delegateOfCode(account: Address, code: Hex): Address | null {
  if (code === '0x') return null;
  const match = DESIGNATOR.exec(code.toLowerCase());
  if (!match?.[1]) throw new AccountNotDelegatableError(account);
  return getAddress(`0x${match[1]}`) as Address;
}

export async function readDelegation(
  rpc: ChainRpc,
  account: Address,
  pinned: PinnedDelegate,
): Promise<DelegationState> {
  const delegate = delegateOfCode(account, await readCode(rpc, account));
  if (delegate === null) return { kind: 'none' };
  if (delegate === pinned.address) return { kind: 'encore' };
  return { kind: 'other', delegate };
}
