import { createRouter, registerCoreMessages } from '../lib/extension/messages/index.ts';
import { getWalletSession } from '../lib/extension/session/index.ts';
import { warmUpScrypt } from '../lib/hedgehog/internal/scrypt.ts';

// Wiring only. Listeners are registered synchronously at start-up so a message that woke the
// worker is never missed; everything that matters is in extension storage, so the browser may
// stop this worker at any moment.
export default defineBackground(() => {
  const session = getWalletSession();
  const router = createRouter({
    onError: (error) => console.error('[encore] message handler failed', error),
  });
  registerCoreMessages(router, session);
  router.listen();

  // Restore the wallet and compile the scrypt WebAssembly now, not on the first login.
  void session.ready().catch((error: unknown) => console.error('[encore] restore failed', error));
  void warmUpScrypt().catch(() => undefined);
});
