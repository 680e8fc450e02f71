import type { WalletSession } from '../session/index.ts';
import { getSettings, onSettingsChanged } from '../settings/index.ts';

/** Calls `onChange(chainId)` whenever the chain setting changes (in any context), once per change. */
export function followChain(session: WalletSession, onChange: (chainId: number) => void): void {
  let chainId: number | null = null;
  void session
    .ready()
    .then(getSettings)
    .then((settings) => {
      chainId ??= settings.chainId;
    })
    .catch(() => undefined);
  onSettingsChanged((settings) => {
    if (settings.chainId === chainId) return;
    chainId = settings.chainId;
    onChange(settings.chainId);
  });
}
