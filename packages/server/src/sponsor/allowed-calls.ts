// What a sponsor pays for: calls to listed contracts' listed functions, nothing else (no plain
// value transfers, no other function of a listed contract). Configured as
// `address:function` entries, the function as its signature (`favorite(string)`) or selector.

import type { Call } from '@encore-wallet/calls';
import { FunctionFragment, getAddress } from 'ethers';

export interface AllowedCall {
  /** Checksummed contract address. */
  readonly contract: string;
  /** 0x + 8 hex, lower case. */
  readonly selector: string;
  /** As configured, for messages (`favorite(string)` or the selector). */
  readonly label: string;
}

/** Reads one `address:function` entry; throws with a reason the configuration error quotes. */
export function parseAllowedCall(entry: string): AllowedCall {
  const at = entry.indexOf(':');
  const address = entry.slice(0, at).trim();
  const fn = entry.slice(at + 1).trim();
  if (at < 0 || !/^0x[0-9a-fA-F]{40}$/.test(address) || !fn) {
    throw new Error(`"${entry}" is not address:function`);
  }
  let contract: string;
  try {
    contract = getAddress(address);
  } catch {
    throw new Error(`"${address}" has a wrong EIP-55 checksum`);
  }
  if (/^0x[0-9a-fA-F]{8}$/.test(fn)) return { contract, selector: fn.toLowerCase(), label: fn };
  try {
    const fragment = FunctionFragment.from(fn);
    return { contract, selector: fragment.selector, label: fragment.format('sighash') };
  } catch {
    throw new Error(`"${fn}" is neither a function signature nor a 4-byte selector`);
  }
}

/** The entry that allows `call`, or null: its target and selector must both be listed together. */
export function allowedEntryFor(allowed: readonly AllowedCall[], call: Call): AllowedCall | null {
  const selector = call.data.slice(0, 10).toLowerCase();
  if (call.data.length < 10) return null;
  return allowed.find((entry) => entry.contract === call.to && entry.selector === selector) ?? null;
}
