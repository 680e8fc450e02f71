import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { waitForValue } from './wait.ts';

/** The add-on id the Firefox build declares (browser_specific_settings.gecko.id). */
export const ADDON_ID = 'encore@encore.invalid';

export interface FirefoxWithEncore {
  browser: Browser;
  /** `moz-extension://<uuid>`: the extension's origin in this profile. */
  origin: string;
  /** Opens one of the extension's pages (popup.html, options.html…) in a new tab. */
  openExtensionPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Debian's Firefox ESR, headless, in a fresh profile (another computer, for the tests), driven
 * over WebDriver BiDi, with the built add-on installed temporarily. The profile pins the add-on's
 * moz-extension uuid (Firefox otherwise picks a random one per profile) so tests know its pages'
 * URLs. `--remote-allow-system-access` lets WebDriver navigate to moz-extension:// pages; without
 * it Firefox refuses ("not allowed in this context").
 */
export async function launchFirefox(
  extensionDir: string,
  options: { prefs?: Record<string, unknown> } = {},
): Promise<FirefoxWithEncore> {
  const profileDir = await mkdtemp(join(tmpdir(), 'encore-firefox-'));
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    userDataDir: profileDir,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }),
      ...options.prefs,
    },
  });
  try {
    const installed = await browser.installExtension(extensionDir);
    if (installed !== ADDON_ID) throw new Error(`Installed ${installed}, expected ${ADDON_ID}`);
  } catch (error) {
    await browser.close();
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  const origin = `moz-extension://${uuid}`;
  return {
    browser,
    origin,
    async openExtensionPage(path) {
      const page = await browser.newPage();
      // The page loads in the extension's process, whose load event WebDriver BiDi does not
      // report to puppeteer: start the navigation and wait for the page's content instead.
      void page.goto(`${origin}/${path}`).catch(() => undefined);
      await waitForValue(
        page,
        (o) => location.origin === o && document.readyState !== 'loading',
        origin,
      );
      return page;
    },
    async close() {
      await browser.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
