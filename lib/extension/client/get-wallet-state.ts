import type { MessageMap } from '../messages/index.ts';
import { sendMessage } from './send-message.ts';

/**
 * getState with one retry: the first message after the browser stopped the worker can race its
 * start-up; the second one finds it listening.
 */
export async function getWalletState(): Promise<MessageMap['getState']['result']> {
  try {
    return await sendMessage('getState');
  } catch (error) {
    if ((error as { code?: string }).code !== 'NO_RESPONSE') throw error;
    return sendMessage('getState');
  }
}
