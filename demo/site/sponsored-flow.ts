// "Favorite" and "Favorite and follow": the page asks the wallet for one batch of calls on
// FanActions (EIP-5792 wallet_sendCalls, atomic) and names the site's sponsor service in the
// batch's capabilities, so the site pays the fee and the listener's balance does not change. The
// contract sees the listener as msg.sender: it checks no signature of its own. The page follows
// the batch with wallet_getCallsStatus and reads the counts back through the wallet (eth_call).
// Plain EIP-1193 requests, as any site (or viem's sendCalls) would send them.
import { Interface } from 'ethers';
import type { Eip1193Provider } from './eip1193.ts';
import { getJson } from './http.ts';

const fanActions = new Interface([
  'function favorite(string trackId)',
  'function follow(string artistId)',
  'function favoriteCount(string trackId) view returns (uint256)',
  'function followerCount(string artistId) view returns (uint256)',
]);

const STATUS_POLL_MS = 500;
const STATUS_TIMEOUT_MS = 120_000;

/** Where the site's sponsored calls run, as GET /api/sponsor/config tells the page. */
export interface SponsoredChain {
  chainId: number;
  fanActions: string;
  sponsorUrl: string;
  rpcUrl: string | null;
  /** The ERC-7677 paymaster the page names (paymaster-flow.ts), or null: the sponsor route. */
  paymasterUrl: string | null;
}

export async function sponsoredChain(): Promise<SponsoredChain> {
  const config = await getJson('/api/sponsor/config');
  return {
    chainId: Number(config.chainId),
    fanActions: String(config.fanActions),
    sponsorUrl: String(config.sponsorUrl),
    rpcUrl: typeof config.rpcUrl === 'string' ? config.rpcUrl : null,
    paymasterUrl: typeof config.paymasterUrl === 'string' ? config.paymasterUrl : null,
  };
}

/** The artist's id on FanActions: the demo's artists have no catalog ids, their names stand in. */
export const artistId = (artist: string): string => artist.toLowerCase().replaceAll(' ', '-');

/** The calls of a favorite, and of a follow of the track's artist when `follow` is set. */
export function fanCalls(
  chain: SponsoredChain,
  track: { id: string; artist: string },
  follow: boolean,
): { to: string; data: string }[] {
  const calls = [
    { to: chain.fanActions, data: fanActions.encodeFunctionData('favorite', [track.id]) },
  ];
  if (follow) {
    calls.push({
      to: chain.fanActions,
      data: fanActions.encodeFunctionData('follow', [artistId(track.artist)]),
    });
  }
  return calls;
}

/** Sends the batch with the site's sponsor; resolves to the wallet's batch id. */
export async function sendSponsoredCalls(
  provider: Eip1193Provider,
  account: string,
  chain: SponsoredChain,
  calls: { to: string; data: string }[],
): Promise<string> {
  const answer = (await provider.request({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        from: account,
        chainId: `0x${chain.chainId.toString(16)}`,
        atomicRequired: true,
        calls,
        capabilities: { sponsorService: { url: chain.sponsorUrl } },
      },
    ],
  })) as { id?: unknown } | null;
  if (typeof answer?.id !== 'string') throw new Error('the wallet answered without a batch id');
  return answer.id;
}

export interface BatchOutcome {
  /** EIP-5792's code: 200 confirmed, 400 never included, 500 reverted, 600 partly. */
  status: number;
  transactionHash: string | null;
  block: number | null;
}

/** Follows the batch until the wallet says it is done (anything but 100, pending). */
export async function waitForCalls(provider: Eip1193Provider, id: string): Promise<BatchOutcome> {
  const until = Date.now() + STATUS_TIMEOUT_MS;
  while (Date.now() < until) {
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status?: unknown;
      receipts?: { transactionHash?: unknown; blockNumber?: unknown }[];
    };
    if (typeof status?.status === 'number' && status.status !== 100) {
      const receipt = status.receipts?.[0];
      return {
        status: status.status,
        transactionHash:
          typeof receipt?.transactionHash === 'string' ? receipt.transactionHash : null,
        block: typeof receipt?.blockNumber === 'string' ? Number(receipt.blockNumber) : null,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
  throw new Error('the calls were not confirmed within two minutes');
}

async function readCount(
  provider: Eip1193Provider,
  chain: SponsoredChain,
  fn: 'favoriteCount' | 'followerCount',
  key: string,
): Promise<bigint> {
  const result = await provider.request({
    method: 'eth_call',
    params: [{ to: chain.fanActions, data: fanActions.encodeFunctionData(fn, [key]) }, 'latest'],
  });
  if (typeof result !== 'string') throw new Error('the wallet answered eth_call without data');
  return fanActions.decodeFunctionResult(fn, result)[0] as bigint;
}

/** The track's favorites and its artist's followers on FanActions, read through the wallet. */
export async function readFanCounts(
  provider: Eip1193Provider,
  chain: SponsoredChain,
  track: { id: string; artist: string },
): Promise<{ favorites: bigint; followers: bigint }> {
  const [favorites, followers] = await Promise.all([
    readCount(provider, chain, 'favoriteCount', track.id),
    readCount(provider, chain, 'followerCount', artistId(track.artist)),
  ]);
  return { favorites, followers };
}
