// One window of a kind at a time, for the worker's own pages in a window (the approval window,
// the Activity window): asked while it is open, it is raised; asked while it is being opened (two
// sites at the same moment), the caller waits for that window instead of opening another.

import { browser } from 'wxt/browser';

export interface SingleWindowOptions {
  /** Creates the window; its id, or null when the browser gave none. */
  open(): Promise<number | null>;
  /** Runs once the window is open and known, before the callers waiting for it go on. */
  opened?(id: number): Promise<void>;
  /** Runs before an open window is raised, and is awaited (a failure does not stop the raise). */
  beforeRaise?(): Promise<void>;
}

export interface SingleWindow {
  /** Raises the open window, or opens one; resolves once it is in front. */
  show(): Promise<void>;
  /**
   * Hear of a removed window (from browser.windows.onRemoved): true when it was this one, which
   * is then forgotten, so the next show() opens a new one.
   */
  removed(id: number): boolean;
  /** Waits for a window being opened, then forgets the open one and gives its id (null: none). */
  release(): Promise<number | null>;
}

export function createSingleWindow(options: SingleWindowOptions): SingleWindow {
  let windowId: number | null = null;
  /** The window being opened: every show() meanwhile waits for it. */
  let opening: Promise<void> | null = null;

  async function open(): Promise<void> {
    const id = await options.open();
    windowId = id;
    if (id !== null) await options.opened?.(id);
  }

  return {
    async show(): Promise<void> {
      if (opening) return opening;
      if (windowId !== null) {
        const id = windowId;
        try {
          await options.beforeRaise?.().catch(() => undefined);
          await browser.windows.update(id, { focused: true });
          return;
        } catch {
          if (windowId === id) windowId = null; // closed behind our back
        }
        // Another request saw the raise fail too, and opens the new window (or has opened it).
        if (opening) return opening;
        if (windowId !== null) return;
      }
      opening = open().finally(() => {
        opening = null;
      });
      return opening;
    },
    removed(id: number): boolean {
      if (id !== windowId) return false;
      windowId = null;
      return true;
    },
    async release(): Promise<number | null> {
      if (opening) await opening.catch(() => undefined);
      const id = windowId;
      windowId = null;
      return id;
    },
  };
}
