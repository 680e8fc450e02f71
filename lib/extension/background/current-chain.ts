// The chain sites and the wallet are on now, as each service needs it: the node client's view
// (id, name, RPC URL) and the send path's (currency, daily limit), both read from the settings.

import {
  getSettings,
  type KnownChain,
  knownChain,
  SUPPORTED_CHAINS,
  spendingLimitFor,
} from '../settings/index.ts';
import type { CurrentChain } from '../transactions/index.ts';

const UNKNOWN_CURRENCY = { symbol: 'ETH', decimals: 18 };

/** The current chain as the settings know it (a current id they do not know reads as bare). */
export async function currentKnownChain(): Promise<KnownChain> {
  const settings = await getSettings();
  const { chainId } = settings;
  return (
    knownChain(settings, chainId) ?? {
      id: chainId,
      name: `chain ${chainId}`,
      rpcUrl: null,
      builtIn: false,
      currency: UNKNOWN_CURRENCY,
      explorerUrl: null,
    }
  );
}

/** What the send path needs: the current chain with its currency and daily spending limit. */
export async function currentSendingChain(): Promise<CurrentChain> {
  const settings = await getSettings();
  const chain = await currentKnownChain();
  return {
    id: chain.id,
    name: chain.name,
    currency: chain.currency,
    limit: spendingLimitFor(settings, chain.id, chain.currency),
  };
}

/** Every chain the settings know that has an RPC URL: built-in ones first, then added ones. */
export async function readableChains(): Promise<KnownChain[]> {
  const settings = await getSettings();
  const ids = [
    ...SUPPORTED_CHAINS.map((chain) => chain.id),
    ...settings.addedChains.map((chain) => chain.id),
  ];
  return ids
    .map((id) => knownChain(settings, id))
    .filter((chain): chain is KnownChain => chain?.rpcUrl != null);
}
