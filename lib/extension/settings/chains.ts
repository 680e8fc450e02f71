// Chains the wallet offers. Signing is chain-agnostic; the chain id labels what sites see
// (eth_chainId), what typed data is checked against, and which RPC URL (settings.rpcUrls) the
// read-only methods go to.
export interface SupportedChain {
  id: number;
  hexId: `0x${string}`;
  name: string;
}

export const SUPPORTED_CHAINS: readonly SupportedChain[] = [
  { id: 1, hexId: '0x1', name: 'Ethereum' },
  { id: 11155111, hexId: '0xaa36a7', name: 'Sepolia' },
  // A development chain on the person's own machine (Hardhat, Anvil); `npm run chain` starts one.
  { id: 31337, hexId: '0x7a69', name: 'Local development' },
];

export function findChain(id: number): SupportedChain | undefined {
  return SUPPORTED_CHAINS.find((chain) => chain.id === id);
}
