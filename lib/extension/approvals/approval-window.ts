// One approval window at a time, a `type: 'popup'` browser window showing approval.html. Closing
// it is how a person says "no" to everything it shows, so its removal is reported to the caller.

import { browser } from 'wxt/browser';
import { createSingleWindow } from '../windows/index.ts';
import type { ApprovalWindowControl } from './queue.ts';

// Remembered in storage.session so a restarted worker can close a window left showing
// "request expired" before it opens a fresh one.
const STORED_KEY = 'encore:approval-window-id';
const WIDTH = 400;
const HEIGHT = 620;

export interface ApprovalWindowOptions {
  onClosed(): void;
  /**
   * Runs before an open window is brought to the front, and is awaited: the window must hear
   * that it is being raised (and disarm its buttons) before it lands under the person's cursor.
   */
  beforeRaise?(): Promise<void>;
}

export function createApprovalWindow(options: ApprovalWindowOptions): ApprovalWindowControl {
  /** Windows Encore closes itself: their removal is no one's "no". */
  const closing = new Set<number>();
  const approvalWindow = createSingleWindow({
    async open() {
      const stored: Record<string, unknown> = await browser.storage.session
        .get(STORED_KEY)
        .catch(() => ({}));
      const stale = stored[STORED_KEY];
      if (typeof stale === 'number') {
        closing.add(stale);
        await browser.windows.remove(stale).catch(() => closing.delete(stale));
      }
      const created = await browser.windows.create({
        url: browser.runtime.getURL('/approval.html'),
        type: 'popup',
        width: WIDTH,
        height: HEIGHT,
        focused: true,
      });
      if (created?.id === undefined) throw new Error('The approval window could not be opened.');
      return created.id;
    },
    async opened(id) {
      await browser.storage.session.set({ [STORED_KEY]: id }).catch(() => undefined);
    },
    beforeRaise: options.beforeRaise,
  });

  browser.windows.onRemoved.addListener((id) => {
    if (closing.delete(id)) return;
    if (!approvalWindow.removed(id)) return;
    void browser.storage.session.remove(STORED_KEY).catch(() => undefined);
    options.onClosed();
  });

  return {
    open: () => approvalWindow.show(),
    async close(): Promise<void> {
      const id = await approvalWindow.release();
      if (id === null) return;
      closing.add(id);
      void browser.storage.session.remove(STORED_KEY).catch(() => undefined);
      await browser.windows.remove(id).catch(() => closing.delete(id));
    },
  };
}
