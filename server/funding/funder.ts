// The paying account's side of the chain, over plain JSON-RPC (no provider object that retries
// on its own in the background while the chain is down). Transfers are signed locally, so the
// exact transaction can be stored before it is sent and sent again unchanged.
import { keccak256, Wallet } from 'ethers';
import { z } from 'zod';
import { nodeRequest } from '../chain/node-request.ts';

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
  signTransfer(to: string, amountWei: bigint, nonce: number): Promise<SignedTransfer>;
  broadcast(rawTx: string): Promise<void>;
  /** 'none' until mined; then whether the transfer succeeded. */
  outcome(txHash: string): Promise<'none' | 'paid' | 'failed'>;
}

const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const ReceiptSchema = z.object({ status: Hex }).nullable();

export function createFunder(rpcUrl: string, privateKey: string): Funder {
  const wallet = new Wallet(privateKey);
  let chainId: bigint | undefined;

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const answer = await nodeRequest(rpcUrl, method, params);
    if ('error' in answer) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  }
  const quantity = async (method: string, params: unknown[]): Promise<bigint> =>
    BigInt(Hex.parse(await rpc(method, params)));

  return {
    address: wallet.address,
    async pendingNonce() {
      return Number(await quantity('eth_getTransactionCount', [wallet.address, 'pending']));
    },
    async minedNonce() {
      return Number(await quantity('eth_getTransactionCount', [wallet.address, 'latest']));
    },
    async signTransfer(to, amountWei, nonce) {
      chainId ??= await quantity('eth_chainId', []);
      const gasPrice = await quantity('eth_gasPrice', []);
      // Legacy (EIP-155) transfer: one fee field, accepted by every chain and node.
      const rawTx = await wallet.signTransaction({
        type: 0,
        to,
        value: amountWei,
        nonce,
        gasLimit: 21_000n,
        gasPrice: (gasPrice * 5n) / 4n,
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
