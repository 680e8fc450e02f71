import type { Browser, Page } from 'puppeteer-core';
import { waitForElement, waitForValue } from './wait.ts';

export type RpcOutcome =
  | { ok: true; result: unknown }
  | { ok: false; code: number; message: string };

/** A site page in a new tab, once Encore's provider is there. */
export async function openSite(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await waitForValue(page, () => 'ethereum' in window, undefined);
  return page;
}

/** Calls window.ethereum.request on `page`; resolves to the outcome, never throws. */
export function rpc(page: Page, method: string, params?: unknown): Promise<RpcOutcome> {
  return page.evaluate(
    async (m, p) => {
      const ethereum = (window as unknown as { ethereum: { request(a: object): Promise<unknown> } })
        .ethereum;
      try {
        return { ok: true as const, result: await ethereum.request({ method: m, params: p }) };
      } catch (error) {
        const e = error as { code: number; message: string };
        return { ok: false as const, code: e.code, message: e.message };
      }
    },
    method,
    params,
  );
}

export async function result(outcome: Promise<RpcOutcome>): Promise<unknown> {
  const answer = await outcome;
  if (!answer.ok) throw new Error(`expected a result, got ${answer.code}: ${answer.message}`);
  return answer.result;
}

/**
 * The approval window (approval.html in its own `type: 'popup'` window) once it shows a request.
 * WebDriver sees it as one more top-level browsing context, but puppeteer keeps the URL it had
 * before the page moved into the extension's process (about:blank): ask each page where it is.
 */
export async function approvalWindow(browser: Browser, origin: string): Promise<Page> {
  const url = `${origin}/approval.html`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (href !== url) continue;
      const showing = await waitForElement(page, '[data-testid="reject"]', 1_000)
        .then(() => true)
        .catch(() => false);
      if (showing) return page;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('No approval window showed a request');
}

/** Presses approve or reject once the buttons are armed (they wake a moment after a request shows). */
export async function decide(page: Page, choice: 'approve' | 'reject'): Promise<void> {
  const button = `[data-testid="${choice}"]:not([disabled])`;
  await (await waitForElement(page, button)).click();
}
