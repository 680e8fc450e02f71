// From a site's request to the canonical transaction: what the site set is kept as it is, what
// it left out comes from the chain's node (gas with a margin, fees, never the chain id: that is
// Encore's current chain, so a lying node cannot move the transaction to another chain).

import { type ChainRpc, quantityAnswer, readAnswer } from '@encore-wallet/utils/chain-rpc';
import { getAddress } from 'ethers';
import { callObject } from './call-object.ts';
import type { CanonicalTransaction } from './canonical.ts';
import { ChainUnreadableError, InvalidTransactionError } from './errors.ts';
import { suggestFee } from './fees.ts';
import type { TransactionRequest } from './request.ts';
import { isRevert } from './revert.ts';

/** Plain transfers use exactly this much; anything else gets a margin over the node's estimate. */
const TRANSFER_GAS = 21_000n;
/** The margin over the node's estimate, in percent: state can change before the block. */
const GAS_MARGIN_PERCENT = 20n;
/** The gas limit when the node cannot estimate (the call reverts): enough for most calls. */
const FALLBACK_GAS = 500_000n;

export interface FilledTransaction {
  readonly transaction: CanonicalTransaction;
  /** The node's estimate of the gas used, or null when it could not estimate (a revert). */
  readonly gasEstimate: bigint | null;
  /** The fee expected at the next block: estimated gas × expected price per gas. */
  readonly feeEstimateWei: bigint;
}

export interface FillContext {
  /** Encore's current chain: the only chain id that is ever signed. */
  readonly chainId: number;
  /** The account that signs, checksummed. */
  readonly from: string;
  readonly chain: ChainRpc;
}

export async function fillTransaction(
  request: TransactionRequest,
  context: FillContext,
): Promise<FilledTransaction> {
  if (request.chainId !== undefined && request.chainId !== context.chainId) {
    throw new InvalidTransactionError(
      'chainId',
      `is 0x${request.chainId.toString(16)}, but Encore is on chain 0x${context.chainId.toString(16)}: switch chains first`,
    );
  }
  const to = request.to === null ? null : getAddress(request.to);
  const value = request.value ?? 0n;
  const fee = await suggestFee(request, context.chain);

  let gasEstimate: bigint | null = null;
  let gasLimit = request.gas;
  if (gasLimit === undefined) {
    gasEstimate = await estimateGas(context, { to, value, data: request.data });
    gasLimit =
      gasEstimate === null
        ? request.data === '0x'
          ? TRANSFER_GAS
          : FALLBACK_GAS
        : gasEstimate === TRANSFER_GAS && request.data === '0x'
          ? TRANSFER_GAS
          : gasEstimate + (gasEstimate * GAS_MARGIN_PERCENT + 99n) / 100n;
  }
  // The estimate, never more than the limit the transaction carries.
  const expectedGas = gasEstimate !== null && gasEstimate < gasLimit ? gasEstimate : gasLimit;
  return {
    transaction: {
      chainId: context.chainId,
      from: context.from,
      to,
      value: value.toString(),
      data: request.data,
      gasLimit: gasLimit.toString(),
      fee: fee.fee,
      nonce: request.nonce ?? null,
      accessList: request.accessList ?? [],
    },
    gasEstimate,
    feeEstimateWei: expectedGas * fee.expectedPricePerGas,
  };
}

async function estimateGas(
  context: FillContext,
  call: { to: string | null; value: bigint; data: string },
): Promise<bigint | null> {
  try {
    return await readAnswer(
      context.chain,
      'eth_estimateGas',
      [callObject({ from: context.from, ...call })],
      quantityAnswer,
    );
  } catch (error) {
    // A call that would revert has no estimate; the simulation says why, and the person decides.
    if (isRevert(error)) return null;
    throw new ChainUnreadableError('the gas the transaction needs', { cause: error });
  }
}
