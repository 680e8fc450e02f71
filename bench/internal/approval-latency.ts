// Approval latency: from a site's `eth_requestAccounts` (timed in the site's page) to the approval
// window having that request in its page (the window's `encore:approval:shown` measure). Cold: no
// approval window open. Open: a second site asks while the window shows the first site's request.
// First paint: from the approval window's own start (its timeOrigin) to that request in its page.
// With `stopWorker`, the browser has stopped the worker before the site asks.
import type { BrowserContext, Page } from '@playwright/test';

export interface ApprovalLatency {
  cold: number;
  open: number;
  /** The window's start (timeOrigin) to the first request in its page. */
  firstPaint: number;
}

/** Asks for accounts without waiting for the answer; resolves to the wall clock of the call. */
function request(site: Page): Promise<number> {
  return site.evaluate(() => {
    const ethereum = (window as unknown as { ethereum: { request(a: object): Promise<unknown> } })
      .ethereum;
    const t = performance.timeOrigin + performance.now();
    (window as unknown as { benchAnswer: Promise<unknown> }).benchAnswer = ethereum
      .request({ method: 'eth_requestAccounts' })
      .catch((error: { code?: number }) => error.code);
    return t;
  });
}

/** Wall clock of the window's latest `encore:approval:shown`, once it is later than `after`. */
async function shownAfter(approval: Page, after: number): Promise<number> {
  const handle = await approval.waitForFunction(
    (since) => {
      const [entry] = performance.getEntriesByName('encore:approval:shown');
      if (!entry) return null;
      const at = performance.timeOrigin + entry.startTime + entry.duration;
      return at > since ? at : null;
    },
    after,
    // The time is taken in the page; polling only decides when the bench notices.
    { polling: 10, timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

export async function approvalLatency(
  context: BrowserContext,
  siteA: Page,
  siteB: Page,
  urls: { a: string; b: string },
  stopWorker?: () => Promise<void>,
): Promise<ApprovalLatency> {
  // Fresh loads: each site's relay connects to the worker on its first request, as in real use.
  await siteA.goto(urls.a);
  await siteB.goto(urls.b);
  await stopWorker?.();
  // Nothing else opens pages in this profile meanwhile.
  const opened = context.waitForEvent('page', { timeout: 30_000 });
  const askedA = await request(siteA);
  const approval = await opened;
  await approval.waitForURL(/\/approval\.html/);
  const shownA = await shownAfter(approval, 0);
  const windowStart = await approval.evaluate(() => performance.timeOrigin);
  const askedB = await request(siteB);
  const shownB = await shownAfter(approval, shownA);
  // Closing the window refuses both (4001); wait for the sites to hear it so the queue is empty.
  await approval.close();
  for (const site of [siteA, siteB]) {
    const code = await site.evaluate(
      () => (window as unknown as { benchAnswer: Promise<unknown> }).benchAnswer,
    );
    if (code !== 4001) throw new Error(`expected the request to be refused, got ${String(code)}`);
  }
  return { cold: shownA - askedA, open: shownB - askedB, firstPaint: shownA - windowStart };
}
