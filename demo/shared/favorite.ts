// The EIP-712 "favorite this track" message, shared by the demo page (which asks the wallet to
// sign it) and the demo server's relayer (which checks it and submits it to the Favorites
// contract, chain/contracts/Favorites.sol). Name, version and types are the contract's own; the
// verifying contract is where it is deployed. The relayer always uses its own copy of the domain
// and types: it never trusts the client's.

export const FAVORITE_TYPES: Record<string, { name: string; type: string }[]> = {
  Favorite: [
    { name: 'listener', type: 'address' },
    { name: 'trackId', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

/** EIP712Domain as the page spells it out (viem and most sites do) and the relayer expects it. */
export const FAVORITE_DOMAIN_FIELDS: { name: string; type: string }[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** Favorites.sol's NAME and VERSION. */
export const FAVORITE_DOMAIN_NAME = 'Encore Demo Favorites';
export const FAVORITE_DOMAIN_VERSION = '1';

export interface FavoriteDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: string;
}

export interface FavoriteMessage {
  listener: string;
  trackId: string;
  /** Decimal: the listener's next nonce on the contract. */
  nonce: string;
  /** Decimal unix seconds; the contract refuses the favorite after it. */
  deadline: string;
}

/** Where the relayer submits favorites, as GET /api/relay/config tells the page. */
export interface FavoriteChain {
  chainId: number;
  contract: string;
}

export function favoriteDomain(chain: FavoriteChain): FavoriteDomain {
  return {
    name: FAVORITE_DOMAIN_NAME,
    version: FAVORITE_DOMAIN_VERSION,
    chainId: chain.chainId,
    verifyingContract: chain.contract,
  };
}

/** The eth_signTypedData_v4 payload, with EIP712Domain spelled out as viem and most sites do. */
export function favoriteTypedData(chain: FavoriteChain, message: FavoriteMessage): object {
  return {
    types: {
      EIP712Domain: FAVORITE_DOMAIN_FIELDS,
      ...FAVORITE_TYPES,
    },
    primaryType: 'Favorite',
    domain: favoriteDomain(chain),
    message,
  };
}

/** The part of Favorites.sol the relayer and the page use (ethers human-readable ABI). */
export const FAVORITES_ABI = [
  'function favorite(address listener, string trackId, uint256 nonce, uint256 deadline, bytes signature)',
  'function nonces(address listener) view returns (uint256)',
  'function favoriteCount(string trackId) view returns (uint256)',
  'function isFavorite(address listener, string trackId) view returns (bool)',
  'function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])',
  'event Favorited(address indexed listener, bytes32 indexed trackKey, string trackId, uint256 nonce, address submitter)',
  'error Expired(uint256 deadline, uint256 nowSeconds)',
  'error WrongNonce(uint256 expected, uint256 given)',
  'error BadSignature()',
  'error NotListener(address signer, address listener)',
  'error AlreadyFavorite(address listener, string trackId)',
] as const;

/**
 * The demo's tracks, with the wallet each artist is tipped at (addresses nobody holds a key for:
 * the last 20 bytes of keccak256("backstage-fm artist <name>"), so tips on the local chain go
 * nowhere anyone could spend them).
 */
export const DEMO_TRACKS = [
  {
    id: 'D7Kq1',
    title: 'Night Bus Home',
    artist: 'Lumen Drift',
    artistWallet: '0x1199aAc7b080EDdB1BA9d034A93e47F3D1566484',
  },
  {
    id: 'L2pWz',
    title: 'Glass Orchard',
    artist: 'Kite Parade',
    artistWallet: '0x8E3ed879c4F596a1B713f84fE24af43b2DD1BE13',
  },
  {
    id: 'X9aRe',
    title: 'Encore in Blue',
    artist: 'The Late Set',
    artistWallet: '0x7dbE2BcAB5f360A7B16084B9dC33EC3F40e0f08F',
  },
] as const;
