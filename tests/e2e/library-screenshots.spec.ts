import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { linkedWallet } from './library-support.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanAtDoubleZoom, expectCleanLayout } from './support/layout.ts';

// The library page in light and dark mode at a laptop width. With ENCORE_SCREENSHOTS=1 the
// pictures go to docs/screenshots (for the README); otherwise into the test's output folder.
const docs = process.env.ENCORE_SCREENSHOTS === '1';

async function shoot(page: Page, name: string, outputPath: (n: string) => string): Promise<void> {
  await expectCleanLayout(page, name);
  await expectCleanAtDoubleZoom(page, name);
  const path = docs
    ? join(resolve(import.meta.dirname, '..', '..'), 'docs', 'screenshots', `${name}.png`)
    : outputPath(`${name}.png`);
  await page.screenshot({ path });
}

const background = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the library looks right in light and dark mode', async ({
  env,
  openPopup,
  extensionId,
}, testInfo) => {
  // This person has related artists in the seeded catalog, so the strip shows too.
  const star = env.catalogUsers[1]!;
  const popup = await openPopup();
  await linkedWallet(popup, env, star.id);
  const library = await popup.context().newPage();
  await library.setViewportSize({ width: 1000, height: 760 });
  await library.emulateMedia({ colorScheme: 'light' });
  await library.goto(`chrome-extension://${extensionId}/library.html`);
  await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
  await expect(library.getByTestId('library-item').first()).toBeVisible();
  await library.waitForLoadState('networkidle');
  const light = await background(library);
  await shoot(library, 'library-tracks', (n) => testInfo.outputPath(n));

  await library.emulateMedia({ colorScheme: 'dark' });
  expect(await background(library)).not.toBe(light);
  await library.getByTestId('library-tab-followers').click();
  await expect(library.getByTestId('library-item').first()).toBeVisible();
  await library.waitForLoadState('networkidle');
  await shoot(library, 'library-followers-dark', (n) => testInfo.outputPath(n));
});
