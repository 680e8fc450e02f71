// The injected provider: MAIN world so pages can see it, document_start so it exists before the
// page's own scripts look for a wallet. Wiring only; the code lives in lib/extension/provider.
import { installProvider } from '../lib/extension/provider/index.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    installProvider(window);
  },
});
