// The messages the worker answers for the popup, the options page and the approval window:
// the router, the handlers, and the MessageMap read from them (pages send through client/).
export type { Access, MessageContext, MessageHandler } from './define.ts';
export {
  type ActivityList,
  type Balance,
  type ChainSummary,
  type MessageDeps,
  messageHandlers,
  type ValueWatch,
  type WalletState,
} from './handlers/index.ts';
export { createRouter, type MessageResponse, type Router, type RouterOptions } from './router.ts';
export { isExtensionPage, type MessageSender } from './sender.ts';
export type { MessageMap } from './types.ts';
