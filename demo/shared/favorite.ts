// The EIP-712 "favorite this track" message, shared by the demo page (which asks the wallet to
// sign it) and the demo server (which verifies it as a fee-paying relayer would). The server
// always uses its own copy of the types and domain: a relayer never trusts the client's.

export const FAVORITE_TYPES: Record<string, { name: string; type: string }[]> = {
  Favorite: [
    { name: 'listener', type: 'address' },
    { name: 'trackId', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

export const FAVORITE_DOMAIN_BASE = {
  name: 'Encore Demo Relayer',
  version: '1',
  verifyingContract: '0x00000000000000000000000000000000000e4c0e',
} as const;

export interface FavoriteMessage {
  listener: string;
  trackId: string;
  nonce: string;
  deadline: string;
}

export function favoriteDomain(chainId: number): typeof FAVORITE_DOMAIN_BASE & { chainId: number } {
  return { ...FAVORITE_DOMAIN_BASE, chainId };
}

/** The eth_signTypedData_v4 payload, with EIP712Domain spelled out as viem and most sites do. */
export function favoriteTypedData(chainId: number, message: FavoriteMessage): object {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      ...FAVORITE_TYPES,
    },
    primaryType: 'Favorite',
    domain: favoriteDomain(chainId),
    message,
  };
}

export const DEMO_TRACKS = [
  { id: 'D7Kq1', title: 'Night Bus Home', artist: 'Lumen Drift' },
  { id: 'L2pWz', title: 'Glass Orchard', artist: 'Kite Parade' },
  { id: 'X9aRe', title: 'Encore in Blue', artist: 'The Late Set' },
] as const;
