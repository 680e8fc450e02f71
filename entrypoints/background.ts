import { createRouter, registerCoreMessages } from '../lib/extension/messages/index.ts';
import { startProviderService } from '../lib/extension/rpc/start-provider-service.ts';
import { getWalletSession } from '../lib/extension/session/index.ts';
import { restrictStorageToExtension } from '../lib/extension/storage/index.ts';

// Wiring only. Listeners are registered synchronously at start-up so a message that woke the
// worker is never missed; everything that matters is in extension storage, so the browser may
// stop this worker at any moment.
export default defineBackground(() => {
  void restrictStorageToExtension();
  const session = getWalletSession();
  const router = createRouter({
    onError: (error) => console.error('[encore] message handler failed', error),
  });
  registerCoreMessages(router, session);
  startProviderService(router, session);
  router.listen();

  // Restore the wallet now rather than on the first message. Creating the session's Hedgehog has
  // already started compiling the scrypt WebAssembly, so the first login does not pay for it.
  void session.ready().catch((error: unknown) => console.error('[encore] restore failed', error));
});
