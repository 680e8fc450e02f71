// The background service worker, wired in one place.
export {
  type Background,
  type BackgroundOptions,
  createBackground,
} from './create-background.ts';
export { createWalletSession } from './create-wallet-session.ts';
export { LIBRARY_PAGE, registerLibraryMenu } from './library-menu.ts';
export { startWorker } from './start-worker.ts';
