// Page-load cost of the extension: DOMContentLoaded of one plain local page, navigation timing
// read from the page itself (from the start of the navigation, so the network is in both alike).
import type { Page } from '@playwright/test';

let counter = 0;

export async function domContentLoaded(page: Page, siteUrl: string): Promise<number> {
  counter += 1;
  await page.goto(`${siteUrl}plain?load=${counter}`, { waitUntil: 'load' });
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!nav) throw new Error('no navigation timing');
    return nav.domContentLoadedEventStart;
  });
}
