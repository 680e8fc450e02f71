// Helpers for the provider and demo browser specs: one extension browser per spec file (signing
// up once), pages on the demo site, site-side RPC calls, and the approval window.
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { type E2EEnv, e2eEnv } from './support/env.ts';
import { expect, openExtensionPopup } from './support/fixtures.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './support/launch.ts';
import { expectCleanLayout } from './support/layout.ts';

export interface WalletBrowser {
  env: E2EEnv;
  browser: ExtensionBrowser;
  context: BrowserContext;
  popup: Page;
  username: string;
  /** Checksummed, as Encore's own pages show it. */
  address: string;
  /** Lower case, as sites get it. */
  siteAccount: string;
  catalogUser: E2EEnv['catalogUsers'][number];
  demoUrl: string;
  /** The same demo server under another origin (localhost instead of 127.0.0.1). */
  otherOrigin: string;
}

/** A fresh profile with the extension, signed up, its wallet linked to a dev-catalog user. */
export async function walletBrowser(catalogIndex: number): Promise<WalletBrowser> {
  const env = e2eEnv();
  const browser = await launchExtensionBrowser(env.extensionDir);
  const popup = await openExtensionPopup(browser);
  const username = uniqueUsername('site');
  const address = await signUp(popup, username);
  const catalogUser = env.catalogUsers[catalogIndex];
  if (!catalogUser) throw new Error('globalSetup exported too few catalog users');
  await attachWallet(env, catalogUser.id, address);
  const demoUrl = env.services.demo;
  const otherOrigin = env.services.demoLocalhost;
  if (!demoUrl || !otherOrigin) throw new Error('globalSetup did not start the demo site');
  return {
    env,
    browser,
    context: browser.context,
    popup,
    username,
    address,
    siteAccount: address.toLowerCase(),
    catalogUser,
    demoUrl,
    otherOrigin,
  };
}

export type RpcOutcome =
  | { ok: true; result: unknown }
  | { ok: false; code: number; message: string };

/** Calls window.ethereum.request on `page`; resolves to the outcome, never throws. */
export function rpc(page: Page, method: string, params?: unknown): Promise<RpcOutcome> {
  return page.evaluate(
    async ([m, p]) => {
      const ethereum = (window as unknown as { ethereum: { request(a: object): Promise<unknown> } })
        .ethereum;
      try {
        return { ok: true as const, result: await ethereum.request({ method: m, params: p }) };
      } catch (error) {
        const e = error as { code: number; message: string };
        return { ok: false as const, code: e.code, message: e.message };
      }
    },
    [method, params] as const,
  );
}

export async function expectCode(outcome: Promise<RpcOutcome>, code: number): Promise<string> {
  const result = await outcome;
  expect(result).toMatchObject({ ok: false, code });
  return result.ok ? '' : result.message;
}

export async function expectResult(outcome: Promise<RpcOutcome>): Promise<unknown> {
  const result = await outcome;
  if (!result.ok) throw new Error(`expected a result, got ${result.code}: ${result.message}`);
  return result.result;
}

/** Starts recording provider events on `page` (read them with `events`). */
export async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      ethereum: { on(e: string, l: (d: unknown) => void): void };
      encoreEvents: [string, unknown][];
    };
    w.encoreEvents = [];
    for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
      w.ethereum.on(name, (data) => w.encoreEvents.push([name, data]));
    }
  });
}

export function events(page: Page, name: string): Promise<unknown[]> {
  return page.evaluate(
    (n) =>
      (window as unknown as { encoreEvents: [string, unknown][] }).encoreEvents
        .filter(([e]) => e === n)
        .map(([, d]) => d),
    name,
  );
}

export async function openSite(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'ethereum' in window);
  return page;
}

/**
 * The approval window showing a request: the open one, or the next to open. A window left showing
 * "request expired" after a worker restart is skipped (the next request replaces it).
 */
export async function approvalWindow(context: BrowserContext): Promise<Page> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const page of context.pages()) {
      if (!page.url().includes('/approval.html') || page.isClosed()) continue;
      const showing = await page
        .getByTestId('reject')
        .waitFor({ timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
      if (showing) return page;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('No approval window showed a request');
}

/**
 * The approval window once it shows the element `testId`: the window that answered the previous
 * request may show the next one itself, or close while a new window opens for it.
 */
export async function approvalShowing(context: BrowserContext, testId: string): Promise<Page> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const page of context.pages()) {
      if (!page.url().includes('/approval.html') || page.isClosed()) continue;
      const showing = await page
        .getByTestId(testId)
        .waitFor({ timeout: 500 })
        .then(() => true)
        .catch(() => false);
      if (showing) return page;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No approval window showed ${testId}`);
}

/** Presses approve or reject in the approval window and waits for it to close (queue empty). */
export async function decide(
  context: BrowserContext,
  choice: 'approve' | 'reject',
  keepOpen = false,
): Promise<Page> {
  const page = await approvalWindow(context);
  const closed = keepOpen ? null : page.waitForEvent('close');
  await page.getByTestId(choice).click();
  await closed;
  return page;
}

const docs = process.env.ENCORE_SCREENSHOTS === '1';

/** Screenshots an approval state: into docs/screenshots with ENCORE_SCREENSHOTS=1. */
export async function shoot(
  page: Page,
  name: string,
  outputPath: (name: string) => string,
  /** The approval window's size by default; the popup's is 360 × 600. */
  size = { width: 400, height: 620 },
): Promise<void> {
  const path = docs
    ? join(resolve(import.meta.dirname, '..', '..'), 'docs', 'screenshots', `${name}.png`)
    : outputPath(`${name}.png`);
  // The size the background opens the window at (or the popup's).
  await page.setViewportSize(size);
  // Buttons wake up a moment after a request appears; shoot them as a person sees them.
  const approve = page.getByTestId('approve');
  if ((await approve.count()) > 0) await expect(approve).toBeEnabled();
  const reject = page.getByTestId('reject');
  if ((await reject.count()) > 0) await expect(reject).toBeEnabled();
  // Every pictured state keeps the layout rules, at its size and in a narrow window, and axe's
  // rules in light and dark mode.
  await expectCleanLayout(page, name);
  // The whole request in one picture, with the sticky buttons at its foot where a person sees
  // them (a full-page shot of a scrolled window would paint them halfway down).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > size.height) await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

export { hexOf } from '../support/hex-of.ts';
