import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** The extension service worker targets the browser has right now. */
async function extensionWorkers(cdp: CDPSession): Promise<TargetInfo[]> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  return targetInfos.filter(
    (t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'),
  );
}

/**
 * Stops the extension's service worker through the DevTools protocol, as the browser does when
 * the worker idles, and waits until the target is really gone. `page` is any page of the context
 * (a CDP session needs one; a persistent context has no browser-level session).
 */
export async function stopServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    const running = await extensionWorkers(cdp);
    if (running.length === 0) throw new Error('No extension service worker is running');
    for (const target of running) {
      await cdp.send('Target.closeTarget', { targetId: target.targetId });
    }
    // closeTarget returns before the worker is torn down: poll until the target list agrees. Only
    // the closed workers count: an event (a page's port, an open window's message) may start a
    // new worker at once, and that one is a new target. A worker still starting up can outlive
    // the first close (seen on a loaded machine): each second, one that is left is closed again.
    const closed = new Set(running.map((target) => target.targetId));
    for (let i = 1; i <= 200; i++) {
      const left = (await extensionWorkers(cdp)).filter((target) => closed.has(target.targetId));
      if (left.length === 0) return;
      if (i % 20 === 0) {
        for (const target of left) {
          await cdp
            .send('Target.closeTarget', { targetId: target.targetId })
            .catch(() => undefined);
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('The extension service worker did not stop');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Whether an extension service worker target exists right now. */
export async function isServiceWorkerRunning(
  context: BrowserContext,
  page: Page,
): Promise<boolean> {
  const cdp = await context.newCDPSession(page);
  try {
    return (await extensionWorkers(cdp)).length > 0;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
