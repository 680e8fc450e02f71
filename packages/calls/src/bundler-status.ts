// wallet_getCallsStatus for a batch handed to a bundler: the bundler's receipt
// (eth_getUserOperationReceipt), checked against the chain before anyone hears it. A receipt for
// another operation or account, or naming a transaction whose UserOperationEvent for this
// operation says otherwise (success for calls that reverted), is refused with
// BundlerReceiptInvalidError. The status itself is read from the chain's own logs, as for every
// sponsored batch, so a bundler that lies changes nothing the site is told; one that is down
// leaves the chain's answer.

import { type ChainRpc, readAnswer } from '@encore-wallet/utils/chain-rpc';
import { z } from 'zod';
import type { BundlerClient, BundlerReceipt } from './bundler-client.ts';
import { type CallsStatus, readCallsStatus, type SentCalls } from './calls-status.ts';
import {
  BundlerReceiptInvalidError,
  BundlerRefusedError,
  BundlerUnavailableError,
} from './paymaster-errors.ts';
import { type Address, addressSchema, bytes32Schema, bytesSchema } from './schemas.ts';
import { USER_OPERATION_EVENT_TOPIC, userOperationSucceeded } from './user-operation-event.ts';

const transactionLogsSchema = z.lazy(() =>
  z
    .object({
      logs: z.array(
        z.object({ address: addressSchema, topics: z.array(bytes32Schema), data: bytesSchema }),
      ),
    })
    .nullable(),
);

/** Throws BundlerReceiptInvalidError unless the receipt is this operation's, as the chain says. */
export async function checkBundlerReceipt(
  rpc: ChainRpc,
  sent: Extract<SentCalls, { kind: 'sponsored' }>,
  account: Address,
  receipt: BundlerReceipt,
): Promise<void> {
  if (receipt.userOpHash !== sent.userOpHash.toLowerCase()) {
    throw new BundlerReceiptInvalidError(`is for another operation (${receipt.userOpHash})`);
  }
  if (receipt.sender.toLowerCase() !== account.toLowerCase()) {
    throw new BundlerReceiptInvalidError(`is for another account (${receipt.sender})`);
  }
  if (receipt.entryPoint.toLowerCase() !== sent.entryPoint.toLowerCase()) {
    throw new BundlerReceiptInvalidError(`names another EntryPoint (${receipt.entryPoint})`);
  }
  const transaction = await readAnswer(
    rpc,
    'eth_getTransactionReceipt',
    [receipt.transactionHash],
    transactionLogsSchema,
  );
  const event = transaction?.logs.find(
    (log) =>
      log.address.toLowerCase() === sent.entryPoint.toLowerCase() &&
      log.topics[0] === USER_OPERATION_EVENT_TOPIC &&
      log.topics[1] === sent.userOpHash.toLowerCase(),
  );
  if (!event) {
    throw new BundlerReceiptInvalidError(
      `names transaction ${receipt.transactionHash}, which did not run the operation on this chain`,
    );
  }
  const succeeded = userOperationSucceeded(event);
  if (succeeded !== receipt.success) {
    throw new BundlerReceiptInvalidError(
      `says the calls ${receipt.success ? 'succeeded' : 'reverted'}; the chain says they ${succeeded ? 'succeeded' : 'reverted'}`,
    );
  }
}

export async function readBundlerStatus(
  bundler: BundlerClient,
  rpc: ChainRpc,
  sent: Extract<SentCalls, { kind: 'sponsored' }>,
  account: Address,
): Promise<CallsStatus> {
  let receipt: BundlerReceipt | null = null;
  try {
    receipt = await bundler.receipt(sent.userOpHash);
  } catch (error) {
    // A bundler that is down or refuses the question: the chain still answers.
    if (!(error instanceof BundlerUnavailableError || error instanceof BundlerRefusedError)) {
      throw error;
    }
    console.warn('[encore] the bundler gave no receipt:', error.message);
  }
  if (receipt) await checkBundlerReceipt(rpc, sent, account, receipt);
  return readCallsStatus(rpc, sent);
}
