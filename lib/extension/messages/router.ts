import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { browser } from 'wxt/browser';
import type { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { type ErrorJSON, InvalidInputError } from '../errors/index.ts';
import type { MessageHandler } from './define.ts';
import { ForbiddenSenderError, InternalError, UnknownMessageError } from './errors.ts';
import { isExtensionPage, isPopupPage, type MessageSender, senderOrigin } from './sender.ts';

export type MessageResponse<R = unknown> =
  | { ok: true; result: R }
  | { ok: false; error: ErrorJSON };

export interface Router {
  register<T extends string, S extends z.ZodType, R>(handler: MessageHandler<T, S, R>): void;
  /** Runs one request through access check, validation and its handler; never throws. */
  handle(message: unknown, sender: MessageSender): Promise<MessageResponse>;
  /** Answers `browser.runtime.onMessage`. Returns a function that stops listening. */
  listen(): () => void;
}

export interface RouterOptions {
  /** Registered at once (the worker passes messageHandlers(…)). */
  handlers?: readonly MessageHandler[];
  onError?: (error: unknown) => void;
  /** Awaited before any handler runs (the worker passes the session's: storage is migrated). */
  ready?: () => Promise<void>;
  /** Called once an answer has been handed back (work that must not delay answers starts here). */
  afterAnswer?: () => void;
}

export function createRouter(options: RouterOptions = {}): Router {
  const handlers = new Map<string, MessageHandler>();

  async function run(message: unknown, sender: MessageSender): Promise<unknown> {
    const type = isRecord(message) ? message.type : undefined;
    const handler = typeof type === 'string' ? handlers.get(type) : undefined;
    if (!handler || typeof type !== 'string' || !isRecord(message)) {
      throw new UnknownMessageError(type);
    }
    if (handler.access === 'extension-page' && !isExtensionPage(sender)) {
      throw new ForbiddenSenderError(type);
    }
    if (handler.access === 'popup' && !isPopupPage(sender)) {
      throw new ForbiddenSenderError(type, 'popup');
    }
    const { type: _type, ...payload } = message;
    const parsed = handler.input.safeParse(payload);
    if (!parsed.success) {
      throw new InvalidInputError(type, parsed.error.issues);
    }
    const t = phaseStart();
    await options.ready?.();
    measurePhase(`encore:message:${type}:wait-ready`, t);
    return handler.handle(parsed.data, { sender, origin: senderOrigin(sender) });
  }

  const router: Router = {
    register(handler) {
      if (handlers.has(handler.type)) throw new Error(`Message ${handler.type} registered twice`);
      handlers.set(handler.type, handler);
    },
    async handle(message, sender) {
      const t = phaseStart();
      try {
        return { ok: true, result: await run(message, sender) };
      } catch (error) {
        return { ok: false, error: toErrorJSON(error, options.onError) };
      } finally {
        // From arrival to answer, for registered types only: a page cannot mint entry names.
        const type = isRecord(message) ? message.type : undefined;
        if (typeof type === 'string' && handlers.has(type)) {
          measurePhase(`encore:message:${type}`, t);
        }
      }
    },
    listen() {
      const listener = (
        message: unknown,
        sender: MessageSender,
        sendResponse: (response: MessageResponse) => void,
      ): true => {
        // Answer through sendResponse (supported by every Chromium): returning true keeps the
        // channel open until the handler settles.
        void router.handle(message, sender).then((response) => {
          sendResponse(response);
          options.afterAnswer?.();
        });
        return true;
      };
      browser.runtime.onMessage.addListener(listener);
      return () => browser.runtime.onMessage.removeListener(listener);
    },
  };
  for (const handler of options.handlers ?? []) router.register(handler);
  return router;
}

/** Errors with a stable code keep it; anything else becomes INTERNAL so no internals leak. */
function toErrorJSON(error: unknown, onError?: (error: unknown) => void): ErrorJSON {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const json = 'toJSON' in error && typeof error.toJSON === 'function' ? error.toJSON() : null;
    if (isRecord(json) && typeof json.code === 'string' && typeof json.message === 'string') {
      return json as ErrorJSON;
    }
    return { code: error.code, message: error.message };
  }
  onError?.(error);
  return new InternalError(error).toJSON();
}
