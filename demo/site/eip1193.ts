// Just enough EIP-1193 / EIP-6963 typing for the demo page; any compliant wallet fits.
import { bytesToHex } from '@encore-wallet/utils/encoding';

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

export interface AnnouncedWallet {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

/** Calls `onWallet` for every wallet that announces itself, now or later. */
export function discoverWallets(onWallet: (wallet: AnnouncedWallet) => void): void {
  const seen = new Set<string>();
  window.addEventListener('eip6963:announceProvider', (event) => {
    const wallet = (event as CustomEvent<AnnouncedWallet>).detail;
    if (!wallet?.info?.uuid || seen.has(wallet.info.uuid)) return;
    seen.add(wallet.info.uuid);
    onWallet(wallet);
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** "Rejected by the user (4001)": a person-readable line with the EIP-1193 code. */
export function describeProviderError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.code === 'number' ? `${message} (${e.code})` : message;
}

export function utf8ToHex(text: string): string {
  return `0x${bytesToHex(new TextEncoder().encode(text))}`;
}
