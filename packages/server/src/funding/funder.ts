// The paying account's side of the chain, over plain JSON-RPC (no provider object that retries
// on its own in the background while the chain is down). Transfers are signed locally, so the
// exact transaction can be stored before it is sent and sent again unchanged.
import { keccak256, toQuantity, Wallet } from 'ethers';
import { z } from 'zod';
import { nodeRequest } from '../chain/node-request.ts';
import { FundingError } from './funding-error.ts';

export interface SignedTransfer {
  rawTx: string;
  txHash: string;
  nonce: number;
}

export interface Funder {
  readonly address: string;
  /** The next nonce counting transactions the node holds but has not mined. */
  pendingNonce(): Promise<number>;
  /** The next nonce counting only mined transactions. */
  minedNonce(): Promise<number>;
  /**
   * The hash of the paying account's transaction the chain mined with `nonce`, read from the
   * block that mined it; null while the node's head has not used the nonce. Throws when the node
   * cannot show that block (it lags, or prunes), never guesses.
   */
  minedWithNonce(nonce: number): Promise<string | null>;
  /** Refuses (FUNDING_GAS_PRICE_ABOVE_CAP) while the node's gas price is above the cap. */
  signTransfer(to: string, amountWei: bigint, nonce: number): Promise<SignedTransfer>;
  broadcast(rawTx: string): Promise<void>;
  /** 'none' until mined; then whether the transfer succeeded. */
  outcome(txHash: string): Promise<'none' | 'paid' | 'failed'>;
}

const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const ReceiptSchema = z.object({ status: Hex }).nullable();
const BlockSchema = z
  .object({
    transactions: z.array(z.object({ hash: Hex, from: Hex, nonce: Hex })),
  })
  .nullable();

/** At most this many reads to find the block that used a nonce (two per halving of the distance). */
const MAX_SEARCH_READS = 80;

/** `maxGasPriceWei`: no transfer is signed at a higher gas price (FUNDING_MAX_GAS_PRICE_WEI). */
export function createFunder(rpcUrl: string, privateKey: string, maxGasPriceWei: bigint): Funder {
  const wallet = new Wallet(privateKey);
  const account = wallet.address.toLowerCase();
  let chainId: bigint | undefined;

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const answer = await nodeRequest(rpcUrl, method, params);
    if ('error' in answer) {
      throw new FundingError('FUNDING_NODE_ERROR', `${method}: ${answer.error.message}`);
    }
    return answer.result;
  }
  const quantity = async (method: string, params: unknown[]): Promise<bigint> =>
    BigInt(Hex.parse(await rpc(method, params)));
  const countAt = async (block: number | 'latest' | 'pending'): Promise<number> =>
    Number(
      await quantity('eth_getTransactionCount', [
        wallet.address,
        typeof block === 'number' ? toQuantity(block) : block,
      ]),
    );

  /** The block that used `nonce`: the first whose count passes it (head's count passes it). */
  async function blockUsing(nonce: number, head: number): Promise<number> {
    let reads = 0;
    const passes = async (block: number): Promise<boolean> => {
      if (++reads > MAX_SEARCH_READS) {
        throw new FundingError(
          'FUNDING_NONCE_UNPROVEN',
          `nonce ${nonce}: too many blocks to search`,
        );
      }
      return (await countAt(block)) > nonce;
    };
    // Back from the head in doubling steps (a replaced nonce is usually recent), then halve.
    let used = head;
    let free = -1;
    for (let step = 1; used > 0; step *= 2) {
      const block = Math.max(used - step, 0);
      if (!(await passes(block))) {
        free = block;
        break;
      }
      used = block;
    }
    if (free < 0) {
      throw new FundingError('FUNDING_NONCE_UNPROVEN', `nonce ${nonce}: used in the genesis block`);
    }
    while (used - free > 1) {
      const middle = Math.floor((used + free) / 2);
      if (await passes(middle)) used = middle;
      else free = middle;
    }
    return used;
  }

  return {
    address: wallet.address,
    pendingNonce: () => countAt('pending'),
    minedNonce: () => countAt('latest'),
    async minedWithNonce(nonce) {
      const head = Number(await quantity('eth_blockNumber', []));
      if ((await countAt(head)) <= nonce) return null;
      const number = await blockUsing(nonce, head);
      const block = BlockSchema.parse(
        await rpc('eth_getBlockByNumber', [toQuantity(number), true]),
      );
      if (!block) {
        throw new FundingError(
          'FUNDING_NONCE_UNPROVEN',
          `block ${number}: the node does not have it`,
        );
      }
      const mined = block.transactions.find(
        (tx) => tx.from.toLowerCase() === account && BigInt(tx.nonce) === BigInt(nonce),
      );
      if (!mined) {
        throw new FundingError(
          'FUNDING_NONCE_UNPROVEN',
          `block ${number}: no transaction of nonce ${nonce} in it`,
        );
      }
      return mined.hash.toLowerCase();
    },
    async signTransfer(to, amountWei, nonce) {
      chainId ??= await quantity('eth_chainId', []);
      const nodePrice = await quantity('eth_gasPrice', []);
      if (nodePrice > maxGasPriceWei) {
        throw new FundingError(
          'FUNDING_GAS_PRICE_ABOVE_CAP',
          `the node's gas price ${nodePrice} wei is above FUNDING_MAX_GAS_PRICE_WEI (${maxGasPriceWei})`,
        );
      }
      // A quarter above the node's price for a prompt inclusion, never above the cap.
      const gasPrice = (nodePrice * 5n) / 4n;
      // Legacy (EIP-155) transfer: one fee field, accepted by every chain and node.
      const rawTx = await wallet.signTransaction({
        type: 0,
        to,
        value: amountWei,
        nonce,
        gasLimit: 21_000n,
        gasPrice: gasPrice < maxGasPriceWei ? gasPrice : maxGasPriceWei,
        chainId,
      });
      return { rawTx, txHash: keccak256(rawTx), nonce };
    },
    async broadcast(rawTx) {
      await rpc('eth_sendRawTransaction', [rawTx]);
    },
    async outcome(txHash) {
      const receipt = ReceiptSchema.parse(await rpc('eth_getTransactionReceipt', [txHash]));
      if (!receipt) return 'none';
      return BigInt(receipt.status) === 1n ? 'paid' : 'failed';
    },
  };
}
