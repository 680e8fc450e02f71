// Everything the injected (MAIN world) script does: build the provider, announce it, and offer it
// as window.ethereum only when no other wallet got there first.

import { announceProvider } from './eip6963.ts';
import { createInpageProvider, type EncoreProvider } from './inpage-provider.ts';
import { createPageChannel } from './page-channel.ts';

export function installProvider(win: Window & { ethereum?: unknown }): EncoreProvider {
  const provider = createInpageProvider(createPageChannel(win));
  if (win.ethereum === undefined) {
    // Writable and configurable, so a wallet the person prefers can still take the slot.
    Object.defineProperty(win, 'ethereum', {
      value: provider,
      writable: true,
      configurable: true,
      enumerable: true,
    });
  }
  announceProvider(win, provider);
  return provider;
}
