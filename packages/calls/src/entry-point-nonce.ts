// The EntryPoint's nonce of an account, read from the chain's node: what a new sponsored batch's
// sequence is. The node may lie: a wrong sequence only makes the EntryPoint refuse the batch.

import {
  bytesAnswer,
  ChainAnswerError,
  type ChainRpc,
  readAnswer,
} from '@encore-wallet/utils/chain-rpc';
import { Interface } from 'ethers';
import { keyOf, sequenceOf } from './deadline-nonce.ts';
import type { Address } from './schemas.ts';

let entryPointNonce: Interface | undefined;
/** Built on first use: parsing and hashing an ABI costs a worker's start. */
const entryPointAbi = (): Interface =>
  (entryPointNonce ??= new Interface([
    'function getNonce(address sender, uint192 key) view returns (uint256 nonce)',
  ]));

/** The EntryPoint's next nonce for `account` under `key` (the whole nonce: key and sequence). */
export async function readEntryPointNonce(
  rpc: ChainRpc,
  entryPoint: Address,
  account: Address,
  key: bigint,
): Promise<bigint> {
  const data = entryPointAbi().encodeFunctionData('getNonce', [account, key]);
  const answer = await readAnswer(
    rpc,
    'eth_call',
    [{ to: entryPoint, data }, 'latest'],
    bytesAnswer,
  );
  try {
    return entryPointAbi().decodeFunctionResult('getNonce', answer)[0] as bigint;
  } catch (error) {
    throw new ChainAnswerError('eth_call', { cause: error });
  }
}

/**
 * The sequence a new batch with `deadline` takes: the EntryPoint's next nonce under the
 * deadline's key (0 unless the account signed another batch with the same deadline).
 */
export async function readBatchSequence(
  rpc: ChainRpc,
  entryPoint: Address,
  account: Address,
  deadline: number,
): Promise<bigint> {
  return sequenceOf(await readEntryPointNonce(rpc, entryPoint, account, keyOf(deadline)));
}
