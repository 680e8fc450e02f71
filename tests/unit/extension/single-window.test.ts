// One window of a kind at a time (the approval window, the Activity window): asked at the same
// moment, one window opens; asked again, the open one is raised; once it is closed, or closed
// while it is being raised, one new window opens, also for two requests raising it at once.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing';
import { createSingleWindow, type SingleWindow } from '../../../lib/extension/windows/index.ts';

/** Popup-type windows: the browser's own window is there from the start. */
const popups = async () => (await browser.windows.getAll()).filter((w) => w.type === 'popup');
const ids = async (): Promise<number[]> => (await popups()).map((w) => w.id ?? -1);

/** `opening`, when given, is awaited before each window is created (a slow browser). */
function singleWindow(
  beforeRaise?: () => Promise<void>,
  opening?: () => Promise<void>,
): SingleWindow {
  const window = createSingleWindow({
    async open() {
      await opening?.();
      return (await browser.windows.create({ type: 'popup', focused: true }))?.id ?? null;
    },
    beforeRaise,
  });
  browser.windows.onRemoved.addListener((id) => void window.removed(id));
  return window;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  // As browsers do (the fake answers nothing instead): raising a window that is gone fails.
  const update = browser.windows.update.bind(browser.windows);
  vi.spyOn(browser.windows, 'update').mockImplementation(async (id, info) => {
    if (!(await browser.windows.get(id))) throw new Error(`No window with id: ${id}.`);
    return update(id, info);
  });
});

describe('a single window', () => {
  it('opens one window when asked three times at once, and raises it when asked again', async () => {
    const window = singleWindow();
    await Promise.all([window.show(), window.show(), window.show()]);
    const [open] = await ids();
    expect(await ids()).toHaveLength(1);

    await window.show();
    expect(await ids()).toEqual([open]);
    expect(browser.windows.update).toHaveBeenCalledWith(open, { focused: true });
  });

  it('opens a new window once the open one is closed', async () => {
    const window = singleWindow();
    await window.show();
    const [first] = await ids();
    await browser.windows.remove(first ?? -1);

    await window.show();
    const reopened = await ids();
    expect(reopened).toHaveLength(1);
    expect(reopened).not.toContain(first);
  });

  it('opens a new window when the open one is closed while it is being raised', async () => {
    let open: number | undefined;
    // The person closes the window just as the worker is about to raise it.
    const window = singleWindow(async () => {
      if (open !== undefined) await browser.windows.remove(open);
    });
    await window.show();
    [open] = await ids();

    await window.show();
    const now = await ids();
    expect(now).toHaveLength(1);
    expect(now).not.toContain(open);
  });

  it.each([
    ['opened at once', undefined],
    ['slow to open', () => new Promise<void>((resolve) => setTimeout(resolve, 5))],
  ])(
    'opens one new window when asked twice at once while the open one is closed (%s)',
    async (_, opening) => {
      let open: number | undefined;
      const window = singleWindow(async () => {
        if (open !== undefined) await browser.windows.remove(open);
      }, opening);
      await window.show();
      [open] = await ids();

      await Promise.all([window.show(), window.show()]);
      const now = await ids();
      expect(now).toHaveLength(1);
      expect(now).not.toContain(open);
    },
  );

  it('hands over the window being opened to be closed, once it is open', async () => {
    const window = singleWindow();
    const showing = window.show();
    const released = await window.release();
    await showing;
    expect(await ids()).toEqual([released]);
    expect(await window.release()).toBeNull();
  });
});
