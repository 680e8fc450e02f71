// Signs a CallBatch with the account's key: the EntryPoint's EIP-712 hash of exactly the batch
// the window showed. The batch's delegate and EntryPoint are checked against the pinned table
// once more, whatever built the object.
import type { CallBatch } from './call-batch.ts';
import { type DelegateTable, pinnedDelegate } from './delegates.ts';
import { DelegateNotPinnedError, WrongSignerError } from './errors.ts';
import type { Hex } from './schemas.ts';
import type { CallsSigner } from './upgrade.ts';
import { userOperationTypedData } from './user-operation.ts';

export async function signBatch(
  signer: CallsSigner,
  table: DelegateTable,
  batch: CallBatch,
): Promise<Hex> {
  const pinned = pinnedDelegate(table, batch.chainId);
  if (batch.delegate !== pinned.address || batch.entryPoint !== pinned.entryPoint) {
    throw new DelegateNotPinnedError(batch.chainId, batch.delegate);
  }
  if (signer.address !== batch.account) throw new WrongSignerError(batch.account, signer.address);
  const typed = userOperationTypedData(batch);
  return (await signer.signTypedData(
    typed.domain,
    { PackedUserOperation: [...typed.types.PackedUserOperation] },
    typed.message,
  )) as Hex;
}
