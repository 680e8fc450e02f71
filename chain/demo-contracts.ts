import { compileContract } from './compile.ts';
import { deployContract } from './deploy.ts';

/** Where the demo's contracts live on a chain. */
export interface DemoContracts {
  /** Favorites.sol: EIP-712 favorites a relayer submits. */
  readonly favorites: `0x${string}`;
  /** DemoToken.sol: an ERC-20 whose whole supply belongs to the deployer. */
  readonly token: `0x${string}`;
}

/** 1,000,000 tokens of 18 decimals. */
export const DEMO_TOKEN_SUPPLY = 1_000_000n * 10n ** 18n;

/** Compiles and deploys the demo contracts from `privateKey`'s account, one after the other. */
export async function deployDemoContracts(
  rpcUrl: string,
  privateKey: string,
): Promise<DemoContracts> {
  const [favorites, token] = await Promise.all([
    compileContract('Favorites'),
    compileContract('DemoToken'),
  ]);
  // In sequence: both come from one account, and each deployment takes the next nonce.
  const favoritesAddress = await deployContract(rpcUrl, privateKey, favorites);
  const tokenAddress = await deployContract(rpcUrl, privateKey, token, [DEMO_TOKEN_SUPPLY]);
  return { favorites: favoritesAddress, token: tokenAddress };
}
