import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { getWalletState, sendMessage } from '../../../lib/extension/client/index.ts';
import type { MessageMap, WalletState } from '../../../lib/extension/messages/index.ts';
import { peekSnapshot } from '../../../lib/extension/session-snapshot/index.ts';

/** The worker's state (getState, retried once after a start-up race), timed for the benches. */
export async function loadWalletState(): Promise<WalletState> {
  const t = phaseStart();
  try {
    return await getWalletState();
  } finally {
    measurePhase('encore:popup:get-state', t);
  }
}

/**
 * The logged-in person as the session snapshot in storage has them, to show until the worker
 * answers (a stopped worker takes longest to start); null when storage has nothing the popup may
 * show. Never rejects. Its pending approvals are unknown (0) and no session is lost: the worker's
 * answer brings those.
 */
export async function loadSnapshotState(): Promise<WalletState | null> {
  const t = phaseStart();
  const snapshot = await peekSnapshot();
  measurePhase('encore:popup:snapshot', t);
  if (!snapshot) return null;
  return {
    loggedIn: true,
    address: snapshot.address,
    username: snapshot.username,
    pendingApprovals: 0,
    cachedProfile: snapshot.catalog,
    sessionLost: false,
  };
}

export type { MessageMap, WalletState };
export { sendMessage };
