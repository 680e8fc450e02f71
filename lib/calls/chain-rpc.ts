// What lib/calls asks of a chain's node: a JSON-RPC request function (the extension passes its
// forwarder for the current chain's RPC URL, Node tests and the sponsor service their own), and
// readers that check each answer's shape. The node may lie: what these read informs the person
// and decides what to refuse, never what is signed beyond the pinned table.
import { Interface } from 'ethers';
import { z } from 'zod';
import { keyOf, sequenceOf } from './deadline-nonce.ts';
import { ChainAnswerError } from './errors.ts';
import { type Address, bytesSchema, type Hex, quantitySchema } from './schemas.ts';

/** One JSON-RPC request to the chain's node; resolves to the result or throws the node's error. */
export type ChainRpc = (method: string, params: readonly unknown[]) => Promise<unknown>;

async function read<T>(rpc: ChainRpc, method: string, params: unknown[], schema: z.ZodType<T>) {
  const answer = schema.safeParse(await rpc(method, params));
  if (!answer.success) throw new ChainAnswerError(method, { cause: answer.error });
  return answer.data;
}

const quantity = z.lazy(() => quantitySchema(256));

/** The code at `address` (0x for none). */
export function readCode(rpc: ChainRpc, address: Address): Promise<Hex> {
  return read(rpc, 'eth_getCode', [address, 'latest'], bytesSchema);
}

/** The account's next transaction nonce, counting what the node holds unmined. */
export async function readTransactionCount(rpc: ChainRpc, account: Address): Promise<number> {
  const count = await read(rpc, 'eth_getTransactionCount', [account, 'pending'], quantity);
  if (count > BigInt(Number.MAX_SAFE_INTEGER))
    throw new ChainAnswerError('eth_getTransactionCount');
  return Number(count);
}

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
  const answer = await read(rpc, 'eth_call', [{ to: entryPoint, data }, 'latest'], bytesSchema);
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

/** The latest block's number and timestamp. */
export function readLatestBlock(rpc: ChainRpc): Promise<{ number: bigint; timestamp: bigint }> {
  return read(
    rpc,
    'eth_getBlockByNumber',
    ['latest', false],
    z.object({ number: quantity, timestamp: quantity }),
  );
}
