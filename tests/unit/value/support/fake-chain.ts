// A chain's node for the holdings tests: balances, ERC-20 contracts and receipts held in memory,
// answering the JSON-RPC requests the holdings reader makes; `fail` and `stall` stand for a node
// that errs or never answers.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { AbiCoder } from 'ethers';
import type { KnownChain } from '../../../../lib/extension/settings/index.ts';

export interface FakeToken {
  symbol: string;
  decimals: number;
  balances: Record<string, bigint>;
}

export interface FakeChain {
  balances: Record<string, bigint>;
  tokens: Record<string, FakeToken>;
  receipts: Record<string, unknown>;
  /** Every request, in order. */
  requests: { method: string; params: readonly unknown[] }[];
  fail?: boolean;
  stall?: boolean;
}

export const fakeChain = (partial: Partial<FakeChain> = {}): FakeChain => ({
  balances: {},
  tokens: {},
  receipts: {},
  requests: [],
  ...partial,
});

export const knownChain = (id: number, name: string): KnownChain => ({
  id,
  name,
  rpcUrl: `https://rpc-${id}.example`,
  builtIn: false,
  currency: { symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
});

const coder = AbiCoder.defaultAbiCoder();
const lower = (value: string): string => value.toLowerCase();

export function rpcOf(chain: FakeChain): ChainRpc {
  return {
    async request(method, params) {
      chain.requests.push({ method, params });
      if (chain.stall) return new Promise(() => undefined);
      if (chain.fail) throw new Error('The chain’s RPC node could not be reached.');
      if (method === 'eth_getBalance') {
        return `0x${(chain.balances[lower(String(params[0]))] ?? 0n).toString(16)}`;
      }
      if (method === 'eth_getCode') {
        return chain.tokens[lower(String(params[0]))] ? '0x6080' : '0x';
      }
      if (method === 'eth_getTransactionReceipt') return chain.receipts[String(params[0])] ?? null;
      if (method === 'eth_call') {
        const { to, data } = params[0] as { to: string; data: string };
        const token = chain.tokens[lower(to)];
        if (!token) return '0x';
        const selector = data.slice(0, 10);
        if (selector === '0x313ce567') return coder.encode(['uint8'], [token.decimals]);
        if (selector === '0x95d89b41') return coder.encode(['string'], [token.symbol]);
        if (selector === '0x70a08231') {
          const holder = `0x${data.slice(-40)}`;
          return coder.encode(['uint256'], [token.balances[lower(holder)] ?? 0n]);
        }
        throw new Error('execution reverted');
      }
      throw new Error(`unexpected ${method}`);
    },
  };
}

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const topic = (address: string): string => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

/** A receipt log of an ERC-20 Transfer of `amount` from `from` to `to`, emitted by `token`. */
export function transferLog(token: string, from: string, to: string, amount = 1n) {
  return {
    address: token,
    topics: [TRANSFER, topic(from), topic(to)],
    data: coder.encode(['uint256'], [amount]),
  };
}

/** An ERC-721 Transfer (the token id indexed): not an ERC-20 movement. */
export function nftTransferLog(token: string, from: string, to: string, id = 7n) {
  return {
    address: token,
    topics: [TRANSFER, topic(from), topic(to), coder.encode(['uint256'], [id])],
    data: '0x',
  };
}
