import { sendMessage } from '../../../lib/extension/client/index.ts';
import type { MessageMap, WalletState } from '../../../lib/extension/messages/index.ts';
import { measurePhase, phaseStart } from '../../../lib/perf/index.ts';

/**
 * getState with one retry: the first message after the browser stopped the worker can race its
 * start-up; the second one finds it listening.
 */
export async function loadWalletState(): Promise<WalletState> {
  const t = phaseStart();
  try {
    return await sendMessage('getState');
  } catch (error) {
    if ((error as { code?: string }).code !== 'NO_RESPONSE') throw error;
    return sendMessage('getState');
  } finally {
    measurePhase('encore:popup:get-state', t);
  }
}

export type { MessageMap, WalletState };
export { sendMessage };
