import { measurePhase } from '@encore-wallet/utils/perf';
import {
  CLIPBOARD_CLEAR_MS,
  clearIfDigest,
  listenForGrant,
  listenForGuardAlarm,
  navigatorClipboard,
} from '../clipboard/index.ts';
import { restrictStorageToExtension } from '../storage/index.ts';
import { type Background, createBackground } from './create-background.ts';
import { registerLibraryMenu } from './library-menu.ts';
import { followMetaMaskSetting } from './metamask-flag.ts';
import { testClipboardClearMs, testDerivationGate, testStateGate } from './test-hooks.ts';

/**
 * Starts the background service worker. Listeners are registered synchronously, so a message
 * that woke the worker is never missed; everything that matters is in extension storage, so the
 * browser may stop this worker at any moment.
 */
export function startWorker(): Background {
  // From the worker's start to this line: fetching and evaluating the bundle.
  measurePhase('encore:worker:start', 0);
  void restrictStorageToExtension();
  const background = createBackground({
    onError: (error) => console.error('[encore] message handler failed', error),
    beforeDerive: testDerivationGate(),
    beforeGetState: testStateGate(),
    clipboardClearMs: testClipboardClearMs(CLIPBOARD_CLEAR_MS),
  });
  background.listen();
  registerLibraryMenu();
  // A clipboard grant answered after the popup closed still starts the guard it asked for.
  listenForGrant(background.clipboardGuard);
  // Firefox's clipboard guard: the alarm wakes the event page, which reads and clears itself.
  listenForGuardAlarm((digest) => clearIfDigest(digest, navigatorClipboard(navigator.clipboard)));
  // Here rather than in createBackground: only the real worker registers content scripts.
  followMetaMaskSetting(() => background.session.ready());
  // Migrate stored data and restore the session now rather than on the first message (RPC
  // requests, the approval window and every message wait for this same promise). Restoring reads
  // the session snapshot; the wallet itself is derived after the first answer or signature.
  // Finding nobody logged in, it starts compiling the scrypt WebAssembly, so the first login
  // does not pay for it; logged in, it leaves the CPU to the first answer.
  void background.session
    .ready()
    .catch((error: unknown) => console.error('[encore] restore failed', error));
  return background;
}
