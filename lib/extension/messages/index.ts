// The messages the worker answers for the popup, the options page and the approval window:
// the router, the handlers, and the MessageMap read from them (pages send through client/).
export {
  type Access,
  defineMessage,
  type MessageContext,
  type MessageHandler,
  type MessageMapOf,
} from './define.ts';
export { ForbiddenSenderError, InternalError, UnknownMessageError } from './errors.ts';
export { type MessageDeps, messageHandlers, type WalletState } from './handlers/index.ts';
export { createRouter, type MessageResponse, type Router, type RouterOptions } from './router.ts';
export { isExtensionPage, type MessageSender, senderOrigin } from './sender.ts';
export type { MessageMap } from './types.ts';
