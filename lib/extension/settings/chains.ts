// Chains the wallet offers. Signing is chain-agnostic; the chain id labels what sites see
// (eth_chainId), what typed data is checked against, and which RPC URL (settings.rpcUrls) the
// read-only methods go to.
export interface SupportedChain {
  id: number;
  hexId: `0x${string}`;
  name: string;
  /** What its balances and fees are counted in. */
  currency: ChainCurrency;
  /** A block explorer whose `/tx/<hash>` pages show transactions, or null. */
  explorerUrl: string | null;
}

/** A chain's native currency: the symbol shown and the decimals of its smallest unit (wei). */
export interface ChainCurrency {
  symbol: string;
  decimals: number;
  /** Its name ("Ether"), where Encore knows one. */
  name?: string;
}

const ETHER: ChainCurrency = { symbol: 'ETH', decimals: 18, name: 'Ether' };

export const SUPPORTED_CHAINS: readonly SupportedChain[] = [
  { id: 1, hexId: '0x1', name: 'Ethereum', currency: ETHER, explorerUrl: 'https://etherscan.io' },
  {
    id: 11155111,
    hexId: '0xaa36a7',
    name: 'Sepolia',
    currency: { symbol: 'SepoliaETH', decimals: 18, name: 'Sepolia Ether' },
    explorerUrl: 'https://sepolia.etherscan.io',
  },
  // A development chain on the person's own machine (Hardhat, Anvil); `npm run chain` starts one.
  { id: 31337, hexId: '0x7a69', name: 'Local development', currency: ETHER, explorerUrl: null },
];

export function findChain(id: number): SupportedChain | undefined {
  return SUPPORTED_CHAINS.find((chain) => chain.id === id);
}

/** How many chains sites may add (wallet_addEthereumChain): each one is a settings entry. */
export const MAX_ADDED_CHAINS = 32;

/** A chain a site added and the person approved, with the RPC URL that serves it. */
export interface AddedChain {
  id: number;
  name: string;
  rpcUrl: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrls: string[];
}

/** A chain Encore offers now: a built-in one or an added one, with its RPC URL if any. */
export interface KnownChain {
  id: number;
  name: string;
  rpcUrl: string | null;
  builtIn: boolean;
  currency: ChainCurrency;
  /** Where a transaction hash can be looked up (`<explorerUrl>/tx/<hash>`), or null. */
  explorerUrl: string | null;
}

/** The chain `id` as these settings know it, or undefined. */
export function knownChain(
  settings: { rpcUrls: Record<string, string>; addedChains: readonly AddedChain[] },
  id: number,
): KnownChain | undefined {
  const builtIn = findChain(id);
  if (builtIn) {
    return {
      id,
      name: builtIn.name,
      rpcUrl: settings.rpcUrls[String(id)] ?? null,
      builtIn: true,
      currency: builtIn.currency,
      explorerUrl: builtIn.explorerUrl,
    };
  }
  const added = settings.addedChains.find((chain) => chain.id === id);
  return added
    ? {
        id,
        name: added.name,
        rpcUrl: added.rpcUrl,
        builtIn: false,
        currency: {
          symbol: added.nativeCurrency.symbol,
          decimals: added.nativeCurrency.decimals,
          name: added.nativeCurrency.name,
        },
        explorerUrl: added.blockExplorerUrls[0]?.replace(/\/+$/, '') ?? null,
      }
    : undefined;
}
