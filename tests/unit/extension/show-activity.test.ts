// wallet_showCallsStatus's window: one at a time, also when two sites ask at the same moment.

import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing';
import { showActivityWindow } from '../../../lib/extension/background/show-activity.ts';

/** Popup-type windows: the browser's own window is there from the start. */
const popups = async () => (await browser.windows.getAll()).filter((w) => w.type === 'popup');
const windows = async (): Promise<number> => (await popups()).length;

describe('the Activity window', () => {
  it('opens one window for requests at the same moment, raises it after, reopens once closed', async () => {
    fakeBrowser.reset();
    await Promise.all([showActivityWindow(), showActivityWindow(), showActivityWindow()]);
    expect(await windows()).toBe(1);
    await showActivityWindow();
    expect(await windows()).toBe(1);
    const [open] = await popups();
    await browser.windows.remove(open?.id ?? -1);
    expect(await windows()).toBe(0);
    await Promise.all([showActivityWindow(), showActivityWindow()]);
    expect(await windows()).toBe(1);
  });
});
