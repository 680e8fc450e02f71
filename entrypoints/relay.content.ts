// The isolated-world half of the provider: page postMessage <-> runtime port to the background.
import { PROVIDER_PORT_NAME } from '../lib/extension/protocol/index.ts';
import { startRelay } from '../lib/extension/relay/index.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  main() {
    startRelay(window, () => browser.runtime.connect({ name: PROVIDER_PORT_NAME }));
  },
});
