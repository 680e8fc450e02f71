// EIP-6963 discovery: announce at load and answer every later `eip6963:requestProvider`, because
// discovery libraries may start listening after the page has loaded.

import { bytesToHex } from '@encore-wallet/utils/encoding';
import { ENCORE_ICON } from './icon.ts';

export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

const ENCORE_RDNS = 'app.encore.wallet';

/** crypto.randomUUID exists only in secure contexts; plain-http pages still have getRandomValues. */
function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function announceProvider(win: Window, provider: object): Eip6963ProviderInfo {
  const info: Eip6963ProviderInfo = Object.freeze({
    uuid: uuidV4(),
    name: 'Encore',
    icon: ENCORE_ICON,
    rdns: ENCORE_RDNS,
  });
  const detail = Object.freeze({ info, provider });
  const announce = (): void => {
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  win.addEventListener('eip6963:requestProvider', announce);
  announce();
  return info;
}
