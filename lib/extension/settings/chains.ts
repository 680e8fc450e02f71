// Chains the wallet offers. Signing is chain-agnostic; the chain id only labels what sites see
// (eth_chainId) and what typed data is checked against.
export interface SupportedChain {
  id: number;
  hexId: `0x${string}`;
  name: string;
}

export const SUPPORTED_CHAINS: readonly SupportedChain[] = [
  { id: 1, hexId: '0x1', name: 'Ethereum' },
  { id: 11155111, hexId: '0xaa36a7', name: 'Sepolia' },
];

export function findChain(id: number): SupportedChain | undefined {
  return SUPPORTED_CHAINS.find((chain) => chain.id === id);
}
