// Background side: createRouter + registerCoreMessages. Page side: sendMessage (client.ts).
export { sendMessage } from './client.ts';
export {
  ForbiddenSenderError,
  InternalError,
  NoResponseError,
  UnknownMessageError,
} from './errors.ts';
export { registerCoreMessages } from './handlers/index.ts';
export {
  type Access,
  createRouter,
  type MessageContext,
  type MessageHandler,
  type MessageResponse,
  type Router,
} from './router.ts';
export { isExtensionPage, type MessageSender, senderOrigin } from './sender.ts';
export type { MessageMap, WalletState } from './types.ts';
