import type { ElementHandle, Page } from 'puppeteer-core';

// Puppeteer's waitForFunction and waitForSelector run a helper script it builds with Function():
// Firefox ESR 140 applies an extension page's content security policy to it ("call to Function()
// blocked by CSP") and the wait never ends. These waits ask the page with plain evaluations,
// which WebDriver BiDi runs whatever the page's policy.

const POLL_MS = 100;

/** Asks `fn(arg)` in the page until it answers something truthy; resolves to that answer. */
export async function waitForValue<A extends string | undefined, T>(
  page: Page,
  fn: (arg: A) => T | false | null | undefined | '',
  arg: A,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      // Arguments cross to the page as JSON: a string or nothing is all these waits pass.
      const ask = fn as (arg: string | undefined) => unknown;
      const value = (await page.evaluate(ask, arg)) as T | false | null | undefined | '';
      if (value) return value;
    } catch (error) {
      // An evaluation that lands while the page swaps documents fails: ask again.
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`Timed out after ${timeout} ms waiting in ${page.url()}`, {
        cause: lastError,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first element matching `selector`, once there is one. */
export async function waitForElement(
  page: Page,
  selector: string,
  timeout = 15_000,
): Promise<ElementHandle<Element>> {
  await waitForValue(page, (s) => document.querySelector(s) !== null, selector, timeout);
  const element = await page.$(selector);
  if (!element) throw new Error(`${selector} went away as it was found`);
  return element;
}
