import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { registerLibraryMenu } from '../../../lib/extension/background/index.ts';

// WXT's fake browser has no context menus: give it one whose item and click listener we can see.
function fakeMenus() {
  const create = vi.fn(
    (_item: { id: string; title: string; contexts: string[] }, done?: () => void) => {
      done?.();
    },
  );
  let onClick: ((info: { menuItemId: string | number }) => void) | undefined;
  Object.assign(fakeBrowser, {
    contextMenus: {
      create,
      onClicked: { addListener: (fn: typeof onClick) => (onClick = fn) },
    },
  });
  return { create, click: (menuItemId: string) => onClick?.({ menuItemId }) };
}

describe('the toolbar menu', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers "Open library" on the toolbar button, and opens the page when chosen', async () => {
    const menus = fakeMenus();
    const tabs = vi.spyOn(fakeBrowser.tabs, 'create');
    registerLibraryMenu();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(menus.create).toHaveBeenCalledWith(
      { id: 'encore-open-library', title: 'Open library', contexts: ['action'] },
      expect.any(Function),
    );
    menus.click('something-else');
    expect(tabs).not.toHaveBeenCalled();
    menus.click('encore-open-library');
    expect(tabs).toHaveBeenCalledWith({ url: expect.stringMatching(/\/library\.html$/) });
  });
});
