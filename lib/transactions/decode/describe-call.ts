// What a transaction's call does, read from its data: a plain transfer of the chain's currency, a
// contract creation, a token transfer or approval (with the token read on chain), a function the
// bundled list knows (a match, not a proof: selectors collide), or only its selector.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { getAddress, type Interface, type Result } from 'ethers';
import type { CanonicalTransaction } from '../canonical.ts';
import { knownSignatures } from './known-signatures.ts';
import { type TokenFunction, tokenTable } from './token-abi.ts';
import { readTokenInfo, type TokenInfo } from './token-info.ts';

export interface DecodedArgument {
  readonly name: string;
  readonly type: string;
  /** As text: addresses checksummed, numbers in decimal, bytes in hex. */
  readonly value: string;
}

export interface TokenCall {
  readonly kind: 'token';
  readonly fn: TokenFunction;
  readonly signature: string;
  readonly token: TokenInfo;
  /** Whose tokens move (transferFrom and the safe transfers); null: the sender's own. */
  readonly owner: string | null;
  /** The recipient of a transfer, the spender of an approval, the operator of setApprovalForAll. */
  readonly counterparty: string;
  /** Raw amounts (ERC-20, ERC-1155), decimal. */
  readonly amounts: readonly string[];
  /** Token ids (ERC-721, ERC-1155), decimal. */
  readonly tokenIds: readonly string[];
  /** setApprovalForAll's flag; null for every other function. */
  readonly approved: boolean | null;
}

export type CallDescription =
  /** No data: the value goes to `to`. */
  | { readonly kind: 'native' }
  | { readonly kind: 'create'; readonly codeBytes: number }
  | TokenCall
  /** A function of the bundled list: the signature the selector matches, and its arguments. */
  | {
      readonly kind: 'known';
      readonly signature: string;
      readonly args: readonly DecodedArgument[];
      /**
       * A `multicall` runs each of its calls on the same contract as the sender (OpenZeppelin's
       * and Uniswap's delegatecall to themselves): a token's `multicall([transfer(…)])` is a
       * transfer. Each call read as a call of its own to `to`; null when they are too many, nested
       * too deep or malformed to read (counted as moving tokens); absent for other functions.
       */
      readonly inner?: readonly CallDescription[] | null;
    }
  | { readonly kind: 'unknown'; readonly selector: string; readonly dataBytes: number };

const MAX_ARGUMENT_TEXT = 400;

/** The functions whose calls are calls of the contract to itself, with the sender kept. */
const MULTICALLS = new Set(['multicall(bytes[])', 'multicall(uint256,bytes[])']);
/**
 * A multicall inside a multicall is read this deep, and at most this many calls in all (each may
 * read its token on chain); deeper, or more, it is unreadable.
 */
const MAX_MULTICALL_DEPTH = 2;
const MAX_MULTICALL_CALLS = 32;

/** What is left of one request's multicall reading: calls it may still describe. */
interface MulticallBudget {
  left: number;
}

function text(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string')
    return /^0x[0-9a-fA-F]{40}$/.test(value) ? getAddress(value) : value;
  if (Array.isArray(value)) return `[${value.map(text).join(', ')}]`;
  return String(value);
}

function argumentsOf(iface: Interface, selector: string, data: string): DecodedArgument[] | null {
  const fn = iface.getFunction(selector);
  if (!fn) return null;
  let values: Result;
  try {
    values = iface.decodeFunctionData(fn, data);
  } catch {
    return null;
  }
  return fn.inputs.map((input, index) => {
    const shown = text(values[index]);
    return {
      name: input.name,
      type: input.format(),
      value: shown.length > MAX_ARGUMENT_TEXT ? `${shown.slice(0, MAX_ARGUMENT_TEXT)}…` : shown,
    };
  });
}

function tokenCall(
  fn: TokenFunction,
  signature: string,
  token: TokenInfo,
  args: Result,
): TokenCall | null {
  const base = { kind: 'token' as const, fn, signature, token };
  const address = (value: unknown): string => getAddress(String(value));
  const amounts = (value: unknown): string[] =>
    Array.isArray(value) ? value.map((v) => String(v)) : [String(value)];
  const counted = token.standard !== 'erc721';
  switch (fn) {
    case 'transfer':
      return {
        ...base,
        owner: null,
        counterparty: address(args[0]),
        amounts: amounts(args[1]),
        tokenIds: [],
        approved: null,
      };
    case 'approve':
    case 'increaseAllowance':
      return counted
        ? {
            ...base,
            owner: null,
            counterparty: address(args[0]),
            amounts: amounts(args[1]),
            tokenIds: [],
            approved: null,
          }
        : {
            ...base,
            owner: null,
            counterparty: address(args[0]),
            amounts: [],
            tokenIds: amounts(args[1]),
            approved: null,
          };
    case 'transferFrom':
      return counted
        ? {
            ...base,
            owner: address(args[0]),
            counterparty: address(args[1]),
            amounts: amounts(args[2]),
            tokenIds: [],
            approved: null,
          }
        : {
            ...base,
            owner: address(args[0]),
            counterparty: address(args[1]),
            amounts: [],
            tokenIds: amounts(args[2]),
            approved: null,
          };
    case 'safeTransferFrom':
      return signature.includes('uint256,uint256')
        ? {
            ...base,
            owner: address(args[0]),
            counterparty: address(args[1]),
            amounts: amounts(args[3]),
            tokenIds: amounts(args[2]),
            approved: null,
          }
        : {
            ...base,
            owner: address(args[0]),
            counterparty: address(args[1]),
            amounts: [],
            tokenIds: amounts(args[2]),
            approved: null,
          };
    case 'safeBatchTransferFrom':
      return {
        ...base,
        owner: address(args[0]),
        counterparty: address(args[1]),
        amounts: amounts(args[3]),
        tokenIds: amounts(args[2]),
        approved: null,
      };
    case 'setApprovalForAll':
      return {
        ...base,
        owner: null,
        counterparty: address(args[0]),
        amounts: [],
        tokenIds: [],
        // ERC-777's authorizeOperator(operator) has no flag: it always grants.
        approved: signature === 'authorizeOperator(address)' || args[1] === true,
      };
    default:
      return null;
  }
}

/**
 * The calls a `multicall` makes of its own contract, each described as a call of its own; null
 * when they are too many or nested too deep to read.
 */
async function multicallInner(
  tx: CanonicalTransaction,
  chain: ChainRpc,
  data: string,
  depth: number,
  budget: MulticallBudget,
): Promise<CallDescription[] | null> {
  const known = knownSignatures();
  let calls: unknown;
  try {
    const decoded = known.decodeFunctionData(data.slice(0, 10), data);
    calls = decoded[decoded.length - 1];
  } catch {
    return null;
  }
  if (!Array.isArray(calls) || calls.length > budget.left) return null;
  if (depth >= MAX_MULTICALL_DEPTH) return null;
  budget.left -= calls.length;
  return Promise.all(
    calls.map((inner) =>
      describeCall({ ...tx, value: '0', data: String(inner) }, chain, depth + 1, budget),
    ),
  );
}

/** Reads the call of `tx`; the token's details come from the chain (see token-info.ts). */
export async function describeCall(
  tx: CanonicalTransaction,
  chain: ChainRpc,
  depth = 0,
  budget: MulticallBudget = { left: MAX_MULTICALL_CALLS },
): Promise<CallDescription> {
  if (tx.to === null) return { kind: 'create', codeBytes: (tx.data.length - 2) / 2 };
  if (tx.data === '0x') return { kind: 'native' };
  const selector = tx.data.slice(0, 10);
  const dataBytes = (tx.data.length - 2) / 2;
  if (dataBytes < 4) return { kind: 'unknown', selector: tx.data, dataBytes };

  const { iface, bySelector } = tokenTable();
  const token = bySelector.get(selector);
  if (token) {
    try {
      const args = iface.decodeFunctionData(token.signature, tx.data);
      const info = await readTokenInfo(chain, tx.to, token.standards, {
        supply: token.fn === 'approve' || token.fn === 'increaseAllowance',
      });
      const call = tokenCall(token.fn, token.signature, info, args);
      if (call) return call;
    } catch {
      // Data that does not decode as the token function it names: shown by its selector.
    }
    return { kind: 'unknown', selector, dataBytes };
  }
  const known = knownSignatures();
  const args = argumentsOf(known, selector, tx.data);
  const fn = known.getFunction(selector);
  if (args && fn) {
    const signature = fn.format('sighash');
    if (!MULTICALLS.has(signature)) return { kind: 'known', signature, args };
    return {
      kind: 'known',
      signature,
      args,
      inner: await multicallInner(tx, chain, tx.data, depth, budget),
    };
  }
  return { kind: 'unknown', selector, dataBytes };
}
