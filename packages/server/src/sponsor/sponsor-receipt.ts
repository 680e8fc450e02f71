// eth_getUserOperationReceipt (ERC-7769): the operation's outcome as the chain records it, for an
// operation this sponsor sent: null until its transaction is mined with the EntryPoint's event.

import {
  type Address,
  addressSchema,
  bytes32Schema,
  bytesSchema,
  type ChainLog,
  entryPointEvents,
  type Hex,
  logsOfOperation,
  toQuantity,
  USER_OPERATION_EVENT_TOPIC,
} from '@encore-wallet/calls';
import { z } from 'zod';
import type { SponsorChain } from './sponsor-chain.ts';

const receiptSchema = z
  .object({
    transactionHash: bytes32Schema,
    blockHash: bytes32Schema,
    blockNumber: z.string(),
    gasUsed: z.string(),
    status: z.string(),
    logs: z.array(
      z.object({ address: addressSchema, topics: z.array(bytes32Schema), data: bytesSchema }),
    ),
  })
  .nullable();

export async function operationReceipt(
  chain: SponsorChain,
  entryPoint: Address,
  userOpHash: Hex,
  txHash: string,
): Promise<Record<string, unknown> | null> {
  const receipt = receiptSchema.parse(
    await chain.rpc.request('eth_getTransactionReceipt', [txHash]),
  );
  if (!receipt) return null;
  const logs: ChainLog[] = receipt.logs;
  const event = logs.find(
    (log) =>
      log.address === entryPoint &&
      log.topics[0] === USER_OPERATION_EVENT_TOPIC &&
      log.topics[1] === userOpHash,
  );
  if (!event) return null;
  const parsed = entryPointEvents().parseLog({ topics: [...event.topics], data: event.data });
  if (!parsed) return null;
  return {
    userOpHash,
    entryPoint,
    sender: parsed.args.sender,
    nonce: toQuantity(parsed.args.nonce as bigint),
    paymaster: parsed.args.paymaster,
    actualGasCost: toQuantity(parsed.args.actualGasCost as bigint),
    actualGasUsed: toQuantity(parsed.args.actualGasUsed as bigint),
    success: parsed.args.success,
    logs: logsOfOperation(logs, entryPoint, userOpHash),
    receipt: {
      transactionHash: receipt.transactionHash,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      status: receipt.status,
      logs: receipt.logs,
    },
  };
}
