// What wallet_getCallsStatus answers (EIP-5792 2.0.0), read from the chain alone: a sponsored
// batch by the EntryPoint's UserOperationEvent for its userOpHash, a batch the listener paid for
// by its transactions' receipts. A sponsor's claims are never needed, so a sponsor that lies
// about an operation changes nothing the site hears.

import { type ChainRpc, readAnswer, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { z } from 'zod';
import {
  type Address,
  addressSchema,
  bytes32Schema,
  bytesSchema,
  type Hex,
  toQuantity,
} from './schemas.ts';
import {
  type ChainLog,
  logsOfOperation,
  USER_OPERATION_EVENT_TOPIC,
  userOperationSucceeded,
} from './user-operation-event.ts';

/** 100 pending, 200 confirmed, 400 will never be included, 500 reverted, 600 partly reverted. */
export type CallsStatusCode = 100 | 200 | 400 | 500 | 600;

export interface CallsReceipt {
  readonly logs: readonly ChainLog[];
  /** 0x1 when the calls took effect, 0x0 when they reverted. */
  readonly status: '0x1' | '0x0';
  readonly blockHash: Hex;
  readonly blockNumber: Hex;
  readonly gasUsed: Hex;
  readonly transactionHash: Hex;
}

export interface CallsStatus {
  readonly version: '2.0.0';
  readonly id: string;
  readonly chainId: Hex;
  readonly status: CallsStatusCode;
  readonly atomic: boolean;
  readonly receipts: readonly CallsReceipt[];
}

/** What the wallet keeps of a batch it sent, enough to answer its status later. */
export type SentCalls =
  | {
      readonly kind: 'sponsored';
      readonly id: string;
      readonly chainId: number;
      readonly entryPoint: Address;
      readonly userOpHash: Hex;
      /** The latest block when it was sent: the operation cannot be in an earlier one. */
      readonly fromBlock: bigint;
      /** The batch's deadline: after a block past it, the EntryPoint will never run it. */
      readonly deadline: number;
      /** Handed to the chain's bundler (ERC-7677 paymaster): its receipt is asked, and checked. */
      readonly via?: 'bundler';
    }
  | {
      readonly kind: 'own';
      readonly id: string;
      readonly chainId: number;
      /** One transaction (atomic) or one per call, in order. */
      readonly transactionHashes: readonly Hex[];
      readonly atomic: boolean;
    };

const quantity = z.lazy(() => z.string().regex(/^0x[0-9a-fA-F]{1,64}$/));

/** A log as a receipt and eth_getLogs carry it (built inside the lazy schemas that use it). */
function logSchema() {
  return z.object({
    address: addressSchema,
    topics: z.array(bytes32Schema),
    data: bytesSchema,
  });
}

const receiptSchema = z.lazy(() =>
  z
    .object({
      status: z.enum(['0x1', '0x0']),
      blockHash: bytes32Schema,
      blockNumber: quantity,
      gasUsed: quantity,
      transactionHash: bytes32Schema,
      logs: z.array(logSchema()),
    })
    .nullable(),
);
const eventLogsSchema = z.lazy(() =>
  z.array(logSchema().extend({ transactionHash: bytes32Schema })),
);

type Receipt = NonNullable<z.infer<typeof receiptSchema>>;

function receiptOf(rpc: ChainRpc, hash: Hex): Promise<Receipt | null> {
  return readAnswer(rpc, 'eth_getTransactionReceipt', [hash], receiptSchema);
}

function asCallsReceipt(receipt: Receipt, logs: readonly ChainLog[], ok: boolean): CallsReceipt {
  return {
    logs,
    status: ok ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber as Hex,
    gasUsed: receipt.gasUsed as Hex,
    transactionHash: receipt.transactionHash,
  };
}

async function sponsoredStatus(
  rpc: ChainRpc,
  sent: Extract<SentCalls, { kind: 'sponsored' }>,
): Promise<Pick<CallsStatus, 'status' | 'receipts'>> {
  // The latest block first: a search that reaches it and finds nothing, with that block past
  // the deadline, means no later block can hold the operation either.
  const latest = await readLatestBlock(rpc);
  const found = await readAnswer(
    rpc,
    'eth_getLogs',
    [
      {
        address: sent.entryPoint,
        topics: [USER_OPERATION_EVENT_TOPIC, sent.userOpHash],
        fromBlock: toQuantity(sent.fromBlock),
        toBlock: toQuantity(latest.number),
      },
    ],
    eventLogsSchema,
  );
  const event = found[0];
  if (!event) {
    const expired = latest.timestamp > BigInt(sent.deadline);
    return { status: expired ? 400 : 100, receipts: [] };
  }
  const receipt = await receiptOf(rpc, event.transactionHash);
  if (!receipt) return { status: 100, receipts: [] };
  const ok = userOperationSucceeded(event);
  const logs = logsOfOperation(receipt.logs, sent.entryPoint, sent.userOpHash);
  return { status: ok ? 200 : 500, receipts: [asCallsReceipt(receipt, logs, ok)] };
}

async function ownStatus(
  rpc: ChainRpc,
  sent: Extract<SentCalls, { kind: 'own' }>,
): Promise<Pick<CallsStatus, 'status' | 'receipts'>> {
  const receipts = await Promise.all(sent.transactionHashes.map((hash) => receiptOf(rpc, hash)));
  const mined = receipts.filter((receipt): receipt is Receipt => receipt !== null);
  const callsReceipts = mined.map((receipt) =>
    asCallsReceipt(receipt, receipt.logs, receipt.status === '0x1'),
  );
  if (mined.length < receipts.length) return { status: 100, receipts: callsReceipts };
  const succeeded = mined.filter((receipt) => receipt.status === '0x1').length;
  const status = succeeded === mined.length ? 200 : succeeded === 0 ? 500 : 600;
  return { status, receipts: callsReceipts };
}

/** The batch's status as the chain's node tells it. */
export async function readCallsStatus(rpc: ChainRpc, sent: SentCalls): Promise<CallsStatus> {
  const { status, receipts } =
    sent.kind === 'sponsored' ? await sponsoredStatus(rpc, sent) : await ownStatus(rpc, sent);
  return {
    version: '2.0.0',
    id: sent.id,
    chainId: toQuantity(sent.chainId),
    status,
    atomic: sent.kind === 'sponsored' || sent.atomic,
    receipts,
  };
}
