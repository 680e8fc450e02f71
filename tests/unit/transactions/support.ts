// A scripted chain for lib/transactions' unit tests: each method answers from a handler, and
// every request is recorded. Token contracts are described by what their reads return.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { AbiCoder, Interface } from 'ethers';

export type Handler = (params: readonly unknown[]) => unknown;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface ScriptedChain extends ChainRpc {
  readonly calls: { method: string; params: readonly unknown[] }[];
}

export function scriptedChain(handlers: Record<string, Handler>): ScriptedChain {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  return {
    calls,
    async request(method, params) {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw new RpcError(-32601, `method ${method} not found`);
      return handler(params);
    },
  };
}

const reads = new Interface([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function supportsInterface(bytes4) view returns (bool)',
]);

export interface FakeToken {
  readonly decimals?: number;
  readonly symbol?: string;
  readonly totalSupply?: bigint;
  readonly interfaces?: readonly string[];
}

/** An eth_call handler answering token reads for the contracts in `tokens` (by lower-case address). */
export function tokenCalls(
  tokens: Record<string, FakeToken>,
  otherwise: Handler = () => '0x',
): Handler {
  return (params) => {
    const call = params[0] as { to?: string; data?: string };
    const token = call.to ? tokens[call.to.toLowerCase()] : undefined;
    if (!token || !call.data) return otherwise(params);
    const fn = reads.getFunction(call.data.slice(0, 10));
    const coder = AbiCoder.defaultAbiCoder();
    switch (fn?.name) {
      case 'decimals':
        if (token.decimals === undefined) throw new RpcError(3, 'execution reverted', '0x');
        return coder.encode(['uint8'], [token.decimals]);
      case 'symbol':
        if (token.symbol === undefined) throw new RpcError(3, 'execution reverted', '0x');
        return coder.encode(['string'], [token.symbol]);
      case 'totalSupply':
        return coder.encode(['uint256'], [token.totalSupply ?? 0n]);
      case 'supportsInterface': {
        const [id] = reads.decodeFunctionData(fn, call.data);
        return coder.encode(['bool'], [(token.interfaces ?? []).includes(String(id))]);
      }
      default:
        return otherwise(params);
    }
  };
}

export const SENDER = '0x1111111111111111111111111111111111111111';
export const TOKEN = '0x2222222222222222222222222222222222222222';
export const OTHER = '0x3333333333333333333333333333333333333333';
export const GWEI = 10n ** 9n;
export const hex = (n: bigint | number): string => `0x${n.toString(16)}`;

/** A chain with EIP-1559 blocks: base fee 10 gwei, tip 1 gwei, estimates 50 000 gas. */
export function feeChain(extra: Record<string, Handler> = {}): ScriptedChain {
  return scriptedChain({
    eth_getBlockByNumber: () => ({ number: '0x10', baseFeePerGas: hex(10n * GWEI) }),
    eth_maxPriorityFeePerGas: () => hex(GWEI),
    eth_gasPrice: () => hex(12n * GWEI),
    eth_estimateGas: () => hex(50_000),
    eth_call: () => '0x',
    eth_getBalance: () => hex(10n ** 18n),
    eth_getCode: () => '0x6080',
    ...extra,
  });
}
