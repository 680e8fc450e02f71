// What the extension's pages (popup, options, approval window) use to ask the worker. Kept apart
// from the worker's handlers so a page bundles only this, not their schemas.
export { getWalletState } from './get-wallet-state.ts';
export { NoResponseError } from './no-response.ts';
export { sendMessage } from './send-message.ts';
