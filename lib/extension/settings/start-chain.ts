import { SUPPORTED_CHAINS } from './chains.ts';

/** Where a wallet starts when nothing says otherwise. */
const FALLBACK_CHAIN_ID = 1;

/**
 * The chain a new listener starts on: the one built-in chain the build gives an RPC URL (as
 * `make start`'s build does for its local chain 31337), since that is the only chain whose
 * balance Encore can read; Ethereum when the build gives none or several.
 */
export function startChainId(rpcUrls: Readonly<Record<string, string>>): number {
  const readable = SUPPORTED_CHAINS.filter((chain) => rpcUrls[String(chain.id)]);
  return readable.length === 1 && readable[0] ? readable[0].id : FALLBACK_CHAIN_ID;
}
