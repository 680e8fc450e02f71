/** `0x1` for 1: how EIP-1193 writes chain ids. */
export const toHexChainId = (chainId: number): string => `0x${chainId.toString(16)}`;
