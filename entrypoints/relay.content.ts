// The isolated-world half of the provider: page postMessage <-> runtime port to the background.
// document_end: Chrome runs it just after DOMContentLoaded, so building its world never delays a
// page's first paint or DOMContentLoaded; a request made earlier waits for it (see page-channel.ts).
import { PROVIDER_PORT_NAME } from '../lib/extension/protocol/index.ts';
import { startRelay } from '../lib/extension/relay/index.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_end',
  // WXT would otherwise post a "content script started" message that every page listener hears.
  noScriptStartedPostMessage: true,
  main() {
    startRelay(window, () => browser.runtime.connect({ name: PROVIDER_PORT_NAME }));
  },
});
