// "Favorite" and "Favorite and follow" the way sites already write them: viem's `sendCalls` with
// ERC-7677's `paymasterService` capability naming the site's paymaster service (the reference
// backend's POST /paymaster under `make start`). The wallet asks that service for the paymaster
// data once the listener approves, and hands the operation to its bundler; the paymaster
// contract's deposit pays the fee. The same call in React is wagmi's `useSendCalls`.
import { createWalletClient, custom, defineChain, type Hex } from 'viem';
import { sendCalls } from 'viem/actions';
import type { Eip1193Provider } from './eip1193.ts';
import type { SponsoredChain } from './sponsored-flow.ts';

/** Sends the batch with the site's paymaster; resolves to the wallet's batch id. */
export async function sendPaymasterCalls(
  provider: Eip1193Provider,
  account: string,
  chain: SponsoredChain,
  calls: { to: string; data: string }[],
): Promise<string> {
  if (!chain.paymasterUrl) throw new Error('this site names no paymaster');
  const client = createWalletClient({
    account: account as Hex,
    chain: defineChain({
      id: chain.chainId,
      name: `Chain ${chain.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: chain.rpcUrl ? [chain.rpcUrl] : [] } },
    }),
    transport: custom(provider),
  });
  const { id } = await sendCalls(client, {
    calls: calls.map((call) => ({ to: call.to as Hex, data: call.data as Hex })),
    forceAtomic: true,
    capabilities: { paymasterService: { url: chain.paymasterUrl } },
  });
  return id;
}
