// What saving a chain approved through wallet_addEthereumChain changes in the settings. A built-in
// chain gets only its RPC URL. An added chain is replaced whole; when the replacement changes the
// currency's symbol or decimals, the person's daily limit there goes too: it was an amount of the
// old currency's smallest unit (0.01 ETH is 10^16 wei; at 6 decimals the same number would be
// 10^10 of the new currency), so the default, counted in the currency the window showed, applies.
import { type AddedChain, findChain } from './chains.ts';
import type { Settings, SettingsPatch } from './schema.ts';

export function addChainPatch(
  settings: Pick<Settings, 'rpcUrls' | 'addedChains' | 'spendingLimits'>,
  chain: AddedChain,
): SettingsPatch {
  const key = String(chain.id);
  if (findChain(chain.id)) return { rpcUrls: { ...settings.rpcUrls, [key]: chain.rpcUrl } };
  const previous = settings.addedChains.find((added) => added.id === chain.id);
  const others = settings.addedChains.filter((added) => added.id !== chain.id);
  const patch: SettingsPatch = { addedChains: [...others, chain] };
  const unitChanged =
    previous !== undefined &&
    (previous.nativeCurrency.decimals !== chain.nativeCurrency.decimals ||
      previous.nativeCurrency.symbol !== chain.nativeCurrency.symbol);
  if (unitChanged && key in settings.spendingLimits) {
    const { [key]: _old, ...limits } = settings.spendingLimits;
    patch.spendingLimits = limits;
  }
  return patch;
}
