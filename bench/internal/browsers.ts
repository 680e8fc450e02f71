// Two Chromium profiles with the same flags: one with the built extension loaded, one without
// (the baseline for page-load cost and the host of Hedgehog's browser path).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';

export interface BenchBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface ExtensionBenchBrowser extends BenchBrowser {
  extensionId: string;
  /** The extension's service worker running now (a new one after a stop). */
  serviceWorker(): Promise<Worker>;
}

/** The flags every bench Chromium starts with (the extension loaded when `extensionDir` is set). */
export function chromiumFlags(extensionDir?: string): string[] {
  const args = [
    // The old headless mode cannot run extensions.
    '--headless=new',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
  // Chromium refuses to start its sandbox as root.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  if (extensionDir) {
    args.push(`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`);
  }
  return args;
}

async function launch(extensionDir?: string): Promise<BenchBrowser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'encore-bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    headless: false,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags(extensionDir),
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

export async function launchWithExtension(extensionDir: string): Promise<ExtensionBenchBrowser> {
  const browser = await launch(extensionDir);
  const serviceWorker = async (): Promise<Worker> => {
    const running = browser.context
      .serviceWorkers()
      .find((w) => w.url().startsWith('chrome-extension://'));
    return running ?? browser.context.waitForEvent('serviceworker');
  };
  const extensionId = new URL((await serviceWorker()).url()).host;
  return { ...browser, extensionId, serviceWorker };
}

export function launchWithoutExtension(): Promise<BenchBrowser> {
  return launch();
}
