import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { type E2EEnv, e2eEnv } from './env.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './launch.ts';

export interface ExtensionFixtures {
  /** URLs of the servers globalSetup started, and the built extension's folder. */
  env: E2EEnv;
  /** A fresh profile with the extension loaded, closed after the test. */
  extension: ExtensionBrowser;
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens the popup (popup.html in a tab) and waits until it has loaded the wallet state. */
  openPopup: () => Promise<Page>;
  /** Launches another fresh profile (another computer), closed after the test. */
  launchSecondBrowser: () => Promise<ExtensionBrowser>;
}

export const test = base.extend<ExtensionFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps as a pattern
  env: async ({}, use) => {
    await use(e2eEnv());
  },
  extension: async ({ env }, use) => {
    const browser = await launchExtensionBrowser(env.extensionDir);
    await use(browser);
    await browser.close();
  },
  context: async ({ extension }, use) => {
    await use(extension.context);
  },
  extensionId: async ({ extension }, use) => {
    await use(extension.extensionId);
  },
  serviceWorker: async ({ extension }, use) => {
    await use(await extension.serviceWorker());
  },
  openPopup: async ({ extension }, use) => {
    await use(() => openExtensionPopup(extension));
  },
  launchSecondBrowser: async ({ env }, use) => {
    const opened: ExtensionBrowser[] = [];
    await use(async () => {
      const browser = await launchExtensionBrowser(env.extensionDir);
      opened.push(browser);
      return browser;
    });
    for (const browser of opened) await browser.close();
  },
});

/** popup.html of `extension` in a new tab, once it shows either the forms or the wallet. */
export async function openExtensionPopup(extension: ExtensionBrowser): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.extensionId}/popup.html`);
  await page
    .locator('[data-testid="login-submit"], [data-testid="signup-submit"], [data-testid="address"]')
    .first()
    .waitFor();
  return page;
}

export { expect } from '@playwright/test';
