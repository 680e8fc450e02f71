import { browser } from 'wxt/browser';
import {
  acceptWatch,
  clearIfDigest,
  execCommandClipboard,
  WATCH_ACCEPTED,
} from '../../lib/extension/clipboard/index.ts';

// Chromium's offscreen document for the clipboard guard: it outlives the popup (and the idle
// worker), waits, and clears the clipboard if it still holds the phrase whose digest it was given.
// It takes orders from the worker only, and closes once no guard is pending.

const pending = new Set<ReturnType<typeof setTimeout>>();
const self = { id: browser.runtime.id, workerUrl: browser.runtime.getURL('/background.js') };
// Once the document has asked to close, an order that still reaches it would die with it: it is
// not accepted, and the worker opens a new document for it.
let closing = false;

browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  // Every page's messages to the worker pass here too: not ours, not answered.
  const watch = acceptWatch(message, sender, self);
  if (!watch || closing) return undefined;
  const timer = setTimeout(() => {
    void clearIfDigest(watch.digest, execCommandClipboard(document))
      .catch(() => undefined)
      .finally(() => {
        pending.delete(timer);
        if (pending.size === 0) {
          closing = true;
          window.close();
        }
      });
  }, watch.ms);
  pending.add(timer);
  sendResponse(WATCH_ACCEPTED);
  return undefined;
});
