// "Favorite this track": the listener signs an EIP-712 favorite in the wallet, the site's relayer
// submits it on chain and pays the fee, and the page reads the track's favorite count back from
// the chain through the wallet's own provider (eth_call). The listener's wallet needs no funds.
import { Interface } from 'ethers';
import { FAVORITES_ABI, type FavoriteChain, favoriteTypedData } from '../shared/favorite.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { getJson, postJson } from './http.ts';

const favoritesAbi = new Interface(FAVORITES_ABI);

/** Where the site's relayer submits favorites, and the RPC URL a wallet may read that chain at. */
export interface RelayChain extends FavoriteChain {
  rpcUrl: string | null;
}

/** Where the site's relayer submits favorites; throws the server's reason when it has none. */
export async function relayChain(): Promise<RelayChain> {
  const config = await getJson('/api/relay/config');
  return {
    chainId: Number(config.chainId),
    contract: String(config.contract),
    rpcUrl: typeof config.rpcUrl === 'string' ? config.rpcUrl : null,
  };
}

function hexChainId(chainId: number): string {
  return `0x${chainId.toString(16)}`;
}

function providerCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

/** Asks the wallet to know the relayer's chain at `rpcUrl` (EIP-3085); the wallet may ask the person. */
export async function addChain(provider: Eip1193Provider, chain: RelayChain): Promise<void> {
  if (!chain.rpcUrl) throw new Error('the site has no public RPC URL for its chain');
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId: hexChainId(chain.chainId),
        chainName: `Localhost ${chain.chainId}`,
        rpcUrls: [chain.rpcUrl],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
  });
}

/**
 * Asks the wallet to use the relayer's chain (EIP-3326), so the count is read where the favorite
 * was written. A wallet that does not know the chain (4902) is asked to add it first, as dapps do.
 */
export async function useChain(provider: Eip1193Provider, chain: RelayChain): Promise<void> {
  const hex = hexChainId(chain.chainId);
  if (String(await provider.request({ method: 'eth_chainId' })) === hex) return;
  const switchChain = () =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
  try {
    await switchChain();
  } catch (error) {
    if (providerCode(error) !== 4902 || !chain.rpcUrl) throw error;
    await addChain(provider, chain);
    await switchChain();
  }
}

/**
 * The count, read through the wallet. A wallet that knows the chain but cannot read it (4901: no
 * RPC URL for it) is offered the site's URL once, then asked again.
 */
export async function readFavoriteCountAdding(
  provider: Eip1193Provider,
  chain: RelayChain,
  trackId: string,
): Promise<bigint> {
  try {
    return await readFavoriteCount(provider, chain, trackId);
  } catch (error) {
    if (providerCode(error) !== 4901 || !chain.rpcUrl) throw error;
    await addChain(provider, chain);
    return readFavoriteCount(provider, chain, trackId);
  }
}

/** Signs the favorite in the wallet and has the relayer submit it; resolves to the tx hash. */
export async function signAndRelayFavorite(
  provider: Eip1193Provider,
  account: string,
  chain: FavoriteChain,
  trackId: string,
): Promise<string> {
  const { nonce } = await getJson(`/api/relay/nonce/${account}`);
  const message = {
    listener: account,
    trackId,
    nonce: String(nonce),
    deadline: String(Math.floor(Date.now() / 1000) + 600),
  };
  const typedData = favoriteTypedData(chain, message);
  const signature = await provider.request({
    method: 'eth_signTypedData_v4',
    params: [account, JSON.stringify(typedData)],
  });
  const relayed = await postJson('/api/relay/favorite', { typedData, signature });
  return String(relayed.txHash);
}

/** The track's favorite count, read on chain through the wallet (eth_call). */
export async function readFavoriteCount(
  provider: Eip1193Provider,
  chain: FavoriteChain,
  trackId: string,
): Promise<bigint> {
  const data = favoritesAbi.encodeFunctionData('favoriteCount', [trackId]);
  const result = await provider.request({
    method: 'eth_call',
    params: [{ to: chain.contract, data }, 'latest'],
  });
  if (typeof result !== 'string') throw new Error('the wallet answered eth_call without data');
  return favoritesAbi.decodeFunctionResult('favoriteCount', result)[0] as bigint;
}
