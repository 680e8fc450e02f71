import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker as it runs now (a new one after a restart). */
  serviceWorker(): Promise<Worker>;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile with the built extension loaded (Debian's Chromium, new headless mode:
 * the old one cannot run extensions). Each call is a new profile: a "second browser". With
 * `profileDir`, that profile is used and kept on close, so a later launch restarts the same
 * browser (an unpacked extension's id follows its folder's path, so the same `extensionDir`
 * is the same extension, whatever build it holds by then).
 */
export async function launchExtensionBrowser(
  extensionDir: string,
  options: { profileDir?: string } = {},
): Promise<ExtensionBrowser> {
  const profileDir = options.profileDir ?? (await mkdtemp(join(tmpdir(), 'encore-profile-')));
  const context = await chromium.launchPersistentContext(profileDir, {
    headless: false,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const serviceWorker = async (): Promise<Worker> => {
    const running = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    return running ?? context.waitForEvent('serviceworker');
  };
  const extensionId = new URL((await serviceWorker()).url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    async close() {
      await context.close();
      if (!options.profileDir) await rm(profileDir, { recursive: true, force: true });
    },
  };
}
