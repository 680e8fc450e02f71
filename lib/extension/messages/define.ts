import type { z } from 'zod';
import type { MessageSender } from './sender.ts';

/**
 * `popup`: only this extension's popup page (secrets shown in one view, never to the options
 * page or the approval window); `extension-page`: only this extension's own pages; `any`:
 * content scripts too.
 */
export type Access = 'popup' | 'extension-page' | 'any';

export interface MessageContext {
  sender: MessageSender;
  /** The sender's origin as the browser reports it (`chrome-extension://id` for our pages). */
  origin: string | null;
}

/** One message the worker answers: its type, the zod schema of its payload, who may send it. */
export interface MessageHandler<
  T extends string = string,
  S extends z.ZodType = z.ZodType,
  R = unknown,
> {
  type: T;
  input: S;
  access: Access;
  handle(input: z.output<S>, ctx: MessageContext): Promise<R> | R;
}

/** Keeps a handler's literal type, its schema and its result, which the message map is read from. */
export function defineMessage<T extends string, S extends z.ZodType, R>(
  handler: MessageHandler<T, S, R>,
): MessageHandler<T, S, R> {
  return handler;
}

/** `{ [type]: { input, result } }` for a union of handlers: what a page sends and gets back. */
export type MessageMapOf<H extends MessageHandler> = {
  [K in H as K['type']]: { input: z.input<K['input']>; result: Awaited<ReturnType<K['handle']>> };
};
