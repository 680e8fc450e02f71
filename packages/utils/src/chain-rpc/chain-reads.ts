// The reads of an account and of the latest block that more than one part of Encore makes.
import { z } from 'zod';
import { bytesAnswer, quantityAnswer } from './answer-schemas.ts';
import type { ChainRpc } from './chain-rpc.ts';
import { ChainAnswerError } from './errors.ts';
import { readAnswer } from './read-answer.ts';

/** The code at `address` (0x for none). */
export function readCode(rpc: ChainRpc, address: string): Promise<`0x${string}`> {
  return readAnswer(rpc, 'eth_getCode', [address, 'latest'], bytesAnswer);
}

/** The account's balance in wei at the latest block. */
export function readBalance(rpc: ChainRpc, account: string): Promise<bigint> {
  return readAnswer(rpc, 'eth_getBalance', [account, 'latest'], quantityAnswer);
}

/** The account's next transaction nonce, counting what the node holds unmined. */
export async function readTransactionCount(rpc: ChainRpc, account: string): Promise<number> {
  const count = await readAnswer(
    rpc,
    'eth_getTransactionCount',
    [account, 'pending'],
    quantityAnswer,
  );
  if (count > BigInt(Number.MAX_SAFE_INTEGER))
    throw new ChainAnswerError('eth_getTransactionCount');
  return Number(count);
}

const latestBlock = /* @__PURE__ */ z.lazy(() =>
  z.object({ number: quantityAnswer, timestamp: quantityAnswer }),
);

/** The latest block's number and timestamp. */
export function readLatestBlock(rpc: ChainRpc): Promise<{ number: bigint; timestamp: bigint }> {
  return readAnswer(rpc, 'eth_getBlockByNumber', ['latest', false], latestBlock);
}
