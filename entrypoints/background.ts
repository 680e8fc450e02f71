import { createCatalogClientSource } from '../lib/extension/catalog/index.ts';
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
    // No handler reads storage before the session's ready(), which migrates it first.
    ready: () => session.ready(),
  });
  const catalogClient = createCatalogClientSource();
  registerCoreMessages(router, session, catalogClient);
  startProviderService(router, session, catalogClient);
  router.listen();

  // Migrate stored data and restore the wallet now rather than on the first message (RPC
  // requests, the approval window and every message wait for this same promise). Creating the
  // session's Hedgehog has already started compiling the scrypt WebAssembly, so the first login
  // does not pay for it.
  void session.ready().catch((error: unknown) => console.error('[encore] restore failed', error));
});
