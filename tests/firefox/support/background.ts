import type { Page } from 'puppeteer-core';

/**
 * When the background event page started (its `performance.timeOrigin`), read from an extension
 * page. Asking wakes a stopped page, so two different answers mean it was unloaded in between.
 */
export function backgroundStartedAt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const background = await browser.runtime.getBackgroundPage();
    if (!background) throw new Error('no background page');
    return (background as unknown as typeof globalThis).performance.timeOrigin;
  });
}
