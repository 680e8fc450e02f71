import { browser } from 'wxt/browser';

const MENU_ID = 'encore-open-library';
export const LIBRARY_PAGE = '/library.html';

/**
 * "Open library" in the toolbar button's context menu. Menu items outlive the worker, so they are
 * (re)created when the extension is installed or updated; the click listener is registered on
 * every start so a click that wakes the worker is handled.
 */
export function registerLibraryMenu(): void {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create(
      { id: MENU_ID, title: 'Open library', contexts: ['action'] },
      () => {
        // A second create (an update with the item already there) is harmless: read the error so
        // Chrome does not report it as unchecked.
        void browser.runtime.lastError;
      },
    );
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID) return;
    void browser.tabs.create({ url: browser.runtime.getURL(LIBRARY_PAGE) });
  });
}
