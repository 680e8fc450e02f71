// What the chain says of a paymaster and of fees, read by the wallet itself: the paymaster
// contract a site's service names must exist on this chain and serve Encore's pinned EntryPoint
// (`entryPoint()`, which OpenZeppelin's Paymaster and the EntryPoint authors' BasePaymaster both
// expose), and the fees per gas a bundler will take (the paymaster pays them, never the account).

import {
  bytesAnswer,
  type ChainRpc,
  quantityAnswer,
  readAnswer,
  readCode,
} from '@encore-wallet/utils/chain-rpc';
import { z } from 'zod';
import type { PaidFees } from './paid-operation.ts';
import { PaymasterWrongEntryPointError } from './paymaster-errors.ts';
import type { Address } from './schemas.ts';

/** `entryPoint()`. */
const ENTRY_POINT_SELECTOR = '0xb0d691fe';

export async function checkPaymasterContract(
  rpc: ChainRpc,
  paymaster: Address,
  entryPoint: Address,
): Promise<void> {
  const code = await readCode(rpc, paymaster);
  if (code === '0x')
    throw new PaymasterWrongEntryPointError(paymaster, 'holds no code on this chain');
  let answer: `0x${string}`;
  try {
    answer = await readAnswer(
      rpc,
      'eth_call',
      [{ to: paymaster, data: ENTRY_POINT_SELECTOR }, 'latest'],
      bytesAnswer,
    );
  } catch {
    throw new PaymasterWrongEntryPointError(paymaster, 'does not say which EntryPoint it serves');
  }
  const served = answer.length === 66 ? `0x${answer.slice(26)}` : null;
  if (served?.toLowerCase() !== entryPoint.toLowerCase()) {
    throw new PaymasterWrongEntryPointError(
      paymaster,
      `serves the EntryPoint ${served ?? 'it does not name'}, not Encore's ${entryPoint}`,
    );
  }
}

const baseFeeBlock = z.lazy(() => z.object({ baseFeePerGas: quantityAnswer }));

/**
 * Fees as viem's bundler client picks them: the latest base fee × 1.2 plus the node's priority
 * fee (1 gwei when it names none). The paymaster's deposit pays them.
 */
export async function readPaidFees(rpc: ChainRpc): Promise<PaidFees> {
  const block = await readAnswer(rpc, 'eth_getBlockByNumber', ['latest', false], baseFeeBlock);
  const priority = await readAnswer(rpc, 'eth_maxPriorityFeePerGas', [], quantityAnswer).catch(
    () => 1_000_000_000n,
  );
  return {
    maxFeePerGas: (block.baseFeePerGas * 12n + 9n) / 10n + priority,
    maxPriorityFeePerGas: priority,
  };
}
