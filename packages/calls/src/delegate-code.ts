// Before Encore signs a delegation, the chain must hold its own account contract at the pinned
// address: a table entry that points at nothing (a restarted local chain, a mistyped build) or at
// other code would make the authorization hand the account to whatever sits there.

import { type ChainRpc, readCode } from '@encore-wallet/utils/chain-rpc';
import { keccak256 } from 'ethers';
import type { PinnedDelegate } from './delegates.ts';
import { DelegateCodeMismatchError } from './errors.ts';

/** Resolves when the code at the pinned address hashes to the pinned code hash; throws otherwise. */
export async function checkDelegateCode(rpc: ChainRpc, pinned: PinnedDelegate): Promise<void> {
  const code = await readCode(rpc, pinned.address);
  const found = code === '0x' ? 'none' : keccak256(code);
  if (found !== pinned.codeHash) {
    throw new DelegateCodeMismatchError(pinned.chainId, pinned.address, found);
  }
}
