import { getWalletState, sendMessage } from '../../../lib/extension/client/index.ts';
import type { MessageMap, WalletState } from '../../../lib/extension/messages/index.ts';
import { measurePhase, phaseStart } from '../../../lib/perf/index.ts';

/** The worker's state (getState, retried once after a start-up race), timed for the benches. */
export async function loadWalletState(): Promise<WalletState> {
  const t = phaseStart();
  try {
    return await getWalletState();
  } finally {
    measurePhase('encore:popup:get-state', t);
  }
}

export type { MessageMap, WalletState };
export { sendMessage };
