// The price per gas Encore offers when a site leaves it out: EIP-1559 fees on chains whose blocks
// carry a base fee (twice the base fee plus the tip, so a few full blocks in a row cannot strand
// the transaction), the node's gas price elsewhere. The node may lie: whatever it says is shown
// to the person as the fee and counted against the spending limit, never hidden.

import { type ChainRpc, quantityAnswer, readAnswer } from '@encore-wallet/utils/chain-rpc';
import type { TransactionFee } from './canonical.ts';
import { ChainUnreadableError } from './errors.ts';
import type { TransactionRequest } from './request.ts';

export interface SuggestedFee {
  readonly fee: TransactionFee;
  /** What one unit of gas is expected to cost at the next block (for the fee estimate). */
  readonly expectedPricePerGas: bigint;
}

async function read<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new ChainUnreadableError(what, { cause: error });
  }
}

async function latestBaseFee(chain: ChainRpc): Promise<bigint | null> {
  const block = await read('the latest block', () =>
    chain.request('eth_getBlockByNumber', ['latest', false]),
  );
  if (typeof block !== 'object' || block === null) {
    throw new ChainUnreadableError('the latest block');
  }
  const baseFee = (block as { baseFeePerGas?: unknown }).baseFeePerGas;
  return baseFee === undefined || baseFee === null ? null : quantityAnswer.parse(baseFee);
}

async function suggestedTip(chain: ChainRpc): Promise<bigint> {
  try {
    return await readAnswer(chain, 'eth_maxPriorityFeePerGas', [], quantityAnswer);
  } catch {
    // Not every node has the method: the median tip of the last blocks instead.
    const history = await read('the fee history', () =>
      chain.request('eth_feeHistory', ['0x5', 'latest', [50]]),
    );
    const rewards = (history as { reward?: unknown } | null)?.reward;
    const tips = Array.isArray(rewards)
      ? rewards.flatMap((row) => (Array.isArray(row) ? [quantityAnswer.parse(row[0])] : []))
      : [];
    tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return tips[Math.floor(tips.length / 2)] ?? 0n;
  }
}

/** The fee fields of the transaction: the site's where it set them, the chain's otherwise. */
export async function suggestFee(
  request: TransactionRequest,
  chain: ChainRpc,
): Promise<SuggestedFee> {
  const wantsLegacy = request.type === 0 || request.gasPrice !== undefined;
  const baseFee = wantsLegacy ? null : await latestBaseFee(chain);
  if (wantsLegacy || baseFee === null) {
    if (request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined) {
      // The site asked for EIP-1559 fees on a chain whose blocks have no base fee.
      throw new ChainUnreadableError('a base fee (this chain has none; send gasPrice instead)');
    }
    const gasPrice =
      request.gasPrice ??
      (await read('the gas price', () => readAnswer(chain, 'eth_gasPrice', [], quantityAnswer)));
    return { fee: { type: 0, gasPrice: gasPrice.toString() }, expectedPricePerGas: gasPrice };
  }
  const tip =
    request.maxPriorityFeePerGas ??
    (request.maxFeePerGas !== undefined
      ? min(await suggestedTip(chain), request.maxFeePerGas)
      : await suggestedTip(chain));
  const maxFee = request.maxFeePerGas ?? 2n * baseFee + tip;
  return {
    fee: { type: 2, maxFeePerGas: maxFee.toString(), maxPriorityFeePerGas: tip.toString() },
    expectedPricePerGas: min(maxFee, baseFee + tip),
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
