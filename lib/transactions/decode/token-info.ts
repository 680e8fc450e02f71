// What a token contract says about itself, read on chain: its standard (ERC-165, or decimals()
// for ERC-20), symbol, decimals and supply. Each read may fail or lie; a failed read is null and
// the window says the value is unknown. A symbol is the contract's own claim (anyone can deploy
// a token called "USDC"), so it is shown beside the contract's address, never alone.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { Interface } from 'ethers';
import { INTERFACE_IDS, TOKEN_READS, type TokenStandard } from './token-abi.ts';

export interface TokenInfo {
  /** The token contract, checksummed. */
  readonly address: string;
  /** null when the contract does not say (or the call is ambiguous and it answered neither way). */
  readonly standard: TokenStandard | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  /** Raw units, decimal; null when unread or unreadable. */
  readonly totalSupply: string | null;
}

const MAX_SYMBOL_LENGTH = 16;
let reads: Interface | undefined;
const readsAbi = (): Interface => {
  reads ??= new Interface([...TOKEN_READS]);
  return reads;
};

async function read(
  chain: ChainRpc,
  token: string,
  fn: string,
  args: readonly unknown[] = [],
): Promise<unknown> {
  try {
    const data = readsAbi().encodeFunctionData(fn, args);
    const answer = await chain.request('eth_call', [{ to: token, data }, 'latest']);
    if (typeof answer !== 'string') return null;
    return readsAbi().decodeFunctionResult(fn, answer)[0] as unknown;
  } catch {
    return null;
  }
}

/** Printable, short: a symbol is shown as text, never interpreted. */
function cleanSymbol(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replace(/[\p{Cc}\p{Cf}\p{Z}\u2028\u2029]+/gu, '');
  if (!clean) return null;
  return clean.length > MAX_SYMBOL_LENGTH ? `${clean.slice(0, MAX_SYMBOL_LENGTH)}…` : clean;
}

async function supports(chain: ChainRpc, token: string, id: string): Promise<boolean> {
  return (await read(chain, token, 'supportsInterface', [id])) === true;
}

/**
 * Reads the token at `address`. `candidates` are the standards the call's function exists in:
 * with more than one (approve and transferFrom are ERC-20's and ERC-721's), the contract decides.
 */
export async function readTokenInfo(
  chain: ChainRpc,
  address: string,
  candidates: readonly TokenStandard[],
  options: { supply?: boolean } = {},
): Promise<TokenInfo> {
  const [erc721, erc1155, decimalsRaw, symbolRaw, supplyRaw] = await Promise.all([
    candidates.includes('erc721') ? supports(chain, address, INTERFACE_IDS.erc721) : false,
    candidates.includes('erc1155') ? supports(chain, address, INTERFACE_IDS.erc1155) : false,
    candidates.includes('erc20') ? read(chain, address, 'decimals') : null,
    candidates.includes('erc1155') && candidates.length === 1
      ? null
      : read(chain, address, 'symbol'),
    options.supply ? read(chain, address, 'totalSupply') : null,
  ]);
  const decimals =
    typeof decimalsRaw === 'bigint' && decimalsRaw <= 77n ? Number(decimalsRaw) : null;
  let standard: TokenStandard | null = null;
  if (erc1155) standard = 'erc1155';
  else if (erc721) standard = 'erc721';
  else if (decimals !== null) standard = 'erc20';
  else if (candidates.length === 1) standard = candidates[0] ?? null;
  return {
    address,
    standard,
    symbol: cleanSymbol(symbolRaw),
    decimals: standard === 'erc20' ? decimals : null,
    totalSupply: typeof supplyRaw === 'bigint' ? supplyRaw.toString() : null,
  };
}
