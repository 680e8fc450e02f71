import { browser } from 'wxt/browser';
import {
  clearIfDigest,
  execCommandClipboard,
  offscreenWatchSchema,
} from '../../lib/extension/clipboard/index.ts';

// Chromium's offscreen document for the clipboard guard: it outlives the popup (and the idle
// worker), waits, and clears the clipboard if it still holds the phrase whose digest it was given.
// It takes orders from the worker only, and closes once no guard is pending.

const pending = new Set<ReturnType<typeof setTimeout>>();
const workerUrl = browser.runtime.getURL('/background.js');

browser.runtime.onMessage.addListener((message: unknown, sender) => {
  const watch = offscreenWatchSchema.safeParse(message);
  // Every page's messages to the worker pass here too: not ours, not answered.
  if (!watch.success) return undefined;
  if (sender.id !== browser.runtime.id || sender.url !== workerUrl) return undefined;
  const timer = setTimeout(() => {
    void clearIfDigest(watch.data.digest, execCommandClipboard(document))
      .catch(() => undefined)
      .finally(() => {
        pending.delete(timer);
        if (pending.size === 0) window.close();
      });
  }, watch.data.ms);
  pending.add(timer);
  return undefined;
});
