import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
 * A person's profile that outlives one browser run: Encore is installed in it for good (not as a
 * temporary add-on, which Firefox removes when it quits), so closing Firefox and launching it
 * again over `dir` is a browser restart. Installed by an extension proxy file
 * (`<profile>/extensions/<add-on id>`, whose text is the unpacked build's path), which Firefox
 * ESR loads unsigned with `xpinstall.signatures.required` off; `extensions.autoDisableScopes` 0
 * enables it without the "added to Firefox" prompt.
 */
export interface KeptProfile {
  dir: string;
  /** The add-on's moz-extension uuid in this profile. */
  uuid: string;
  /** Where Firefox keeps the extension origin's own IndexedDB (not storage.local's). */
  originStorageDir: string;
  remove(): Promise<void>;
}

export async function makeKeptProfile(extensionDir: string): Promise<KeptProfile> {
  const dir = await mkdtemp(join(tmpdir(), 'encore-firefox-kept-'));
  await mkdir(join(dir, 'extensions'));
  await writeFile(join(dir, 'extensions', ADDON_ID), extensionDir);
  const uuid = randomUUID();
  return {
    dir,
    uuid,
    originStorageDir: join(dir, 'storage', 'default', `moz-extension+++${uuid}`),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

const KEPT_PROFILE_PREFS = {
  'xpinstall.signatures.required': false,
  'extensions.autoDisableScopes': 0,
};

/**
 * Debian's Firefox ESR, headless, in a fresh profile (another computer, for the tests), driven
 * over WebDriver BiDi, with the built add-on installed temporarily. The profile pins the add-on's
 * moz-extension uuid (Firefox otherwise picks a random one per profile) so tests know its pages'
 * URLs. `--remote-allow-system-access` lets WebDriver navigate to moz-extension:// pages; without
 * it Firefox refuses ("not allowed in this context").
 *
 * With `profile`, Firefox runs over that kept profile instead, with the add-on it has installed;
 * `close()` then leaves the profile for the next launch (the test removes it).
 */
export async function launchFirefox(
  extensionDir: string,
  options: { prefs?: Record<string, unknown>; profile?: KeptProfile } = {},
): Promise<FirefoxWithEncore> {
  const kept = options.profile;
  const profileDir = kept?.dir ?? (await mkdtemp(join(tmpdir(), 'encore-firefox-')));
  const uuid = kept?.uuid ?? randomUUID();
  const removeProfile = async (): Promise<void> => {
    if (!kept) await rm(profileDir, { recursive: true, force: true });
  };
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    userDataDir: profileDir,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }),
      ...(kept ? KEPT_PROFILE_PREFS : {}),
      ...options.prefs,
    },
  });
  try {
    if (!kept) {
      const installed = await browser.installExtension(extensionDir);
      if (installed !== ADDON_ID) throw new Error(`Installed ${installed}, expected ${ADDON_ID}`);
    }
  } catch (error) {
    await browser.close();
    await removeProfile();
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
      await removeProfile();
    },
  };
}
