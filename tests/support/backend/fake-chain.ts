// A chain kept in memory for the funding worker's fault tests: plain transfers only, mined when
// the test says so, answered through startFakeNode as of any height the test picks per call (a
// node behind its peers, a load balancer whose backends lag each other).
import { keccak256, Transaction, toQuantity } from 'ethers';
import type { NodeReply } from '../fake-node.ts';

export interface ChainTx {
  hash: string;
  from: string;
  to: string;
  nonce: number;
  value: bigint;
}

export class FakeChain {
  /** Block 0 is the genesis, empty. */
  readonly blocks: ChainTx[][] = [[]];
  readonly pool: ChainTx[] = [];
  /** Every transaction the node ever took in, once each. */
  readonly accepted: ChainTx[] = [];
  /** The signed bytes of each accepted transaction, in order. */
  readonly rawTransactions: string[] = [];
  gasPrice = 10n ** 9n;

  get head(): number {
    return this.blocks.length - 1;
  }

  /** Mines what the pool holds into one new block. */
  mine(): void {
    this.blocks.push(this.pool.splice(0).sort((a, b) => a.nonce - b.nonce));
  }

  /** Transfers to `to` that were accepted (signed and sent), mined or not. */
  transfersTo(to: string): ChainTx[] {
    return this.accepted.filter((tx) => tx.to.toLowerCase() === to.toLowerCase());
  }

  private count(from: string, height: number): number {
    return this.blocks
      .slice(0, height + 1)
      .flat()
      .filter((tx) => tx.from.toLowerCase() === from.toLowerCase()).length;
  }

  private minedAt(hash: string, height: number): number {
    return this.blocks
      .slice(0, height + 1)
      .findIndex((block) => block.some((t) => t.hash === hash));
  }

  /** The answer to one call from a node whose view ends at block `height`. */
  answer(method: string, params: unknown[], height = this.head): NodeReply {
    switch (method) {
      case 'eth_chainId':
        return { result: '0x7a69' };
      case 'eth_gasPrice':
        return { result: toQuantity(this.gasPrice) };
      case 'eth_blockNumber':
        return { result: toQuantity(height) };
      case 'eth_getTransactionCount': {
        const [from, tag] = params as [string, string];
        if (tag === 'pending') {
          const pooled = this.pool.filter((t) => t.from.toLowerCase() === from.toLowerCase());
          return { result: toQuantity(this.count(from, height) + pooled.length) };
        }
        const at = tag === 'latest' ? height : Number(tag);
        if (at > height) return { error: 'header not found' };
        return { result: toQuantity(this.count(from, at)) };
      }
      case 'eth_sendRawTransaction': {
        const tx = Transaction.from(params[0] as string);
        const sent: ChainTx = {
          hash: keccak256(params[0] as string),
          from: tx.from ?? '',
          to: tx.to ?? '',
          nonce: tx.nonce,
          value: tx.value,
        };
        if (this.accepted.some((t) => t.hash === sent.hash)) return { error: 'already known' };
        if (sent.nonce < this.count(sent.from, this.head)) return { error: 'nonce too low' };
        this.pool.push(sent);
        this.accepted.push(sent);
        this.rawTransactions.push(params[0] as string);
        return { result: sent.hash };
      }
      case 'eth_getTransactionReceipt': {
        const block = this.minedAt(params[0] as string, height);
        if (block < 0) return { result: null };
        return {
          result: { transactionHash: params[0], blockNumber: toQuantity(block), status: '0x1' },
        };
      }
      case 'eth_getBlockByNumber': {
        const number = Number(params[0]);
        const block = this.blocks[number];
        if (number > height || !block) return { result: null };
        return {
          result: {
            number: toQuantity(number),
            transactions: block.map((t) => ({
              hash: t.hash,
              from: t.from,
              nonce: toQuantity(t.nonce),
            })),
          },
        };
      }
      default:
        return { error: `the method ${method} does not exist` };
    }
  }
}
