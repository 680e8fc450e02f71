// The two things the holdings read from a token contract: the account's balance (balanceOf) and
// what the token says it is (symbol and decimals, lib/transactions' reader). Both are answers of
// a contract anyone may have deployed: a balance is shown as the contract states it, a symbol
// beside the contract's address.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { getAddress } from 'ethers';
import { readTokenInfo } from '../../transactions/index.ts';

const BALANCE_OF = '0x70a08231';
const WORD = /^0x[0-9a-fA-F]{64}$/;

/** The account's balance of `token`, raw units; throws when the answer is not one uint256. */
export async function readTokenBalance(
  chain: ChainRpc,
  token: string,
  account: string,
): Promise<bigint> {
  const data = `${BALANCE_OF}${account.slice(2).toLowerCase().padStart(64, '0')}`;
  const answer = await chain.request('eth_call', [{ to: token, data }, 'latest']);
  if (typeof answer !== 'string' || !WORD.test(answer)) {
    throw new Error('The token answered balanceOf with something other than an amount.');
  }
  return BigInt(answer);
}

export interface TokenIdentity {
  /** Checksummed. */
  address: string;
  symbol: string | null;
  decimals: number;
}

/** The token's symbol and decimals, or null when it does not answer decimals() (not an ERC-20). */
export async function readTokenIdentity(
  chain: ChainRpc,
  address: string,
): Promise<TokenIdentity | null> {
  const info = await readTokenInfo(chain, getAddress(address), ['erc20']);
  if (info.decimals === null) return null;
  return { address: info.address, symbol: info.symbol, decimals: info.decimals };
}
