// The tokens a move takes along: for each token contract the wallet knows on the chain, the
// account's balance, symbol and decimals, read on chain. Tokens it holds none of are left out.
// A read that fails leaves the token out too, and the plan says so: the move never pretends to
// take a token it could not read.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { Interface } from 'ethers';

export interface TokenHolding {
  /** The token contract, checksummed. */
  readonly address: string;
  readonly symbol: string | null;
  readonly decimals: number | null;
  /** Raw units, decimal. */
  readonly amount: string;
}

let erc20: Interface | undefined;
export const erc20Abi = (): Interface => {
  erc20 ??= new Interface([
    'function balanceOf(address owner) view returns (uint256)',
    'function transfer(address to, uint256 amount) returns (bool)',
    'function symbol() view returns (string)',
    'function decimals() view returns (uint8)',
  ]);
  return erc20;
};

async function call(chain: ChainRpc, token: string, fn: string, args: unknown[] = []) {
  const data = erc20Abi().encodeFunctionData(fn, args);
  const answer = await chain.request('eth_call', [{ to: token, data }, 'latest']);
  if (typeof answer !== 'string') throw new Error(`${token} answered ${fn} with nothing`);
  return erc20Abi().decodeFunctionResult(fn, answer)[0] as unknown;
}

/** A symbol is the contract's own claim, shown as short printable text beside its address. */
function cleanSymbol(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replace(/[\p{Cc}\p{Cf}\p{Z}\u2028\u2029]+/gu, '').slice(0, 16);
  return clean || null;
}

/** `owner`'s balance of `token`, raw units. */
export async function readTokenBalance(
  chain: ChainRpc,
  token: string,
  owner: string,
): Promise<bigint> {
  const balance = await call(chain, token, 'balanceOf', [owner]);
  if (typeof balance !== 'bigint') throw new Error(`${token} answered balanceOf with no number`);
  return balance;
}

/** The holdings of `owner` among `tokens`, and the tokens whose balance could not be read. */
export async function readTokenHoldings(
  chain: ChainRpc,
  tokens: readonly string[],
  owner: string,
): Promise<{ holdings: TokenHolding[]; unreadable: string[] }> {
  const read = await Promise.all(
    tokens.map(async (token) => {
      try {
        const amount = await readTokenBalance(chain, token, owner);
        if (amount === 0n) return { token, holding: null };
        const [symbol, decimals] = await Promise.all([
          call(chain, token, 'symbol').catch(() => null),
          call(chain, token, 'decimals').catch(() => null),
        ]);
        const holding: TokenHolding = {
          address: token,
          symbol: cleanSymbol(symbol),
          decimals: typeof decimals === 'bigint' && decimals <= 77n ? Number(decimals) : null,
          amount: amount.toString(),
        };
        return { token, holding };
      } catch {
        return { token, holding: undefined };
      }
    }),
  );
  return {
    holdings: read.flatMap(({ holding }) => (holding ? [holding] : [])),
    unreadable: read.flatMap(({ token, holding }) => (holding === undefined ? [token] : [])),
  };
}
