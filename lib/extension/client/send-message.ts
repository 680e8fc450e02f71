import { browser } from 'wxt/browser';
import { isRecord } from '../../guards/index.ts';
import { ExtensionError } from '../errors/index.ts';
import type { MessageMap, MessageResponse } from '../messages/index.ts';
import { NoResponseError } from './no-response.ts';

type Payload<T extends keyof MessageMap> = MessageMap[T]['input'];

/**
 * Sends one typed request to the background and resolves to its result, or rejects with an
 * ExtensionError carrying the background's `{ code, message, ...details }`.
 */
export async function sendMessage<T extends keyof MessageMap>(
  type: T,
  // A payload with no required field may be left out.
  ...[payload]: Record<never, never> extends Payload<T>
    ? [payload?: Payload<T>]
    : [payload: Payload<T>]
): Promise<MessageMap[T]['result']> {
  let response: MessageResponse<MessageMap[T]['result']> | undefined;
  try {
    response = await browser.runtime.sendMessage({ ...(payload ?? {}), type });
  } catch (error) {
    // The worker was stopped mid-request or is not listening yet: say so instead of hanging.
    throw new NoResponseError(error);
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new NoResponseError();
  }
  if (response.ok) return response.result;
  // The family's own fields are rebuilt by the revived error; the rest are the sender's details,
  // whether it sent them at the top level or in the family's `details` (the key holder's wait).
  const {
    code,
    message,
    name: _name,
    shortMessage: _short,
    details: nested,
    ...details
  } = response.error;
  throw new ExtensionError(code, message, { ...(isRecord(nested) ? nested : {}), ...details });
}
