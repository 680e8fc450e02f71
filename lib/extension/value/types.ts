// What the wallet holds, chain by chain, as the worker reads it: the shape the popup's value card,
// the token list and the move-out window all read. Amounts are decimal strings of the smallest
// unit (wei, or a token's raw units): exact, and they cross message boundaries as they are.

/** A chain as the holdings name it. */
export interface HoldingsChain {
  id: number;
  name: string;
  currency: { symbol: string; decimals: number };
  explorerUrl: string | null;
}

/** The chain's own currency the account holds. */
export interface NativeHolding {
  symbol: string;
  decimals: number;
  /** Wei, decimal. */
  wei: string;
}

/**
 * An ERC-20 token the account may hold. `added`: the person added it by address; `activity`: a
 * transaction Encore sent moved it to or from the account (a Transfer event in its receipt).
 */
export interface TokenHolding {
  /** The token contract, checksummed. */
  address: string;
  /** The contract's own claim (anyone can call a token "USDC"): show it beside the address. */
  symbol: string | null;
  decimals: number;
  /** Raw units, decimal; null when it could not be read just now (`unreadable` says why). */
  balance: string | null;
  unreadable: string | null;
  source: 'added' | 'activity';
}

export interface ChainHoldings {
  chain: HoldingsChain;
  /** Null when the chain could not be read (`unreadable` says why): a failing chain costs only itself. */
  native: NativeHolding | null;
  /** Added tokens first, then those seen in activity; at most MAX_TOKENS_PER_CHAIN. */
  tokens: TokenHolding[];
  unreadable: string | null;
}

export interface Holdings {
  /** The account read, checksummed. */
  account: string;
  /** Every chain with an RPC URL, the current one first, at most MAX_CHAINS. */
  chains: ChainHoldings[];
  /** Chains with an RPC URL past MAX_CHAINS, left unread. */
  chainsNotRead: number;
}
