// Opening the popup while logged in: from the popup page's start (its timeOrigin, when the
// browser began loading popup.html) to the address in the page (the AccountCard's
// `encore:popup:address-shown` measure, taken in a layout effect, i.e. before that frame paints).
// Stopped: the browser stopped the worker first (it does so after 30 s idle), so the popup's first
// message starts a new one. Running: the worker is up and idle.
import type { BrowserContext, Page } from '@playwright/test';
import { stopServiceWorker } from '../../tests/e2e/support/stop-worker.ts';

export async function popupOpen(
  context: BrowserContext,
  extensionId: string,
  anyPage: Page,
  stopped: boolean,
): Promise<number> {
  if (stopped) await stopServiceWorker(context, anyPage);
  // Running means running and idle: what the last popup set off (its profile lookup, the
  // wallet's derivation after the first answer) is over, as it is when a person opens it again.
  else await new Promise((resolve) => setTimeout(resolve, 500));
  const popup = await context.newPage();
  try {
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const handle = await popup.waitForFunction(
      () => {
        const [entry] = performance.getEntriesByName('encore:popup:address-shown');
        return entry ? entry.startTime + entry.duration : null;
      },
      undefined,
      // The time is taken in the page; polling only decides when the bench notices.
      { polling: 10, timeout: 30_000 },
    );
    const shown = (await handle.jsonValue()) as number;
    if (process.env.BENCH_VERBOSE) {
      const { readMeasures, timeline } = await import('./measures.ts');
      const m = await readMeasures(popup);
      console.log(`popup open (${stopped ? 'stopped' : 'running'}), ms from the page's start:`);
      for (const line of timeline(m, m.origin)) console.log(`  popup  ${line}`);
      const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension'));
      if (worker)
        for (const line of timeline(await readMeasures(worker), m.origin))
          console.log(`  worker ${line}`);
    }
    // Let the profile lookup this popup started finish before the next figure.
    await popup
      .locator('[data-testid="no-profile"], [data-testid="profile-name"]')
      .first()
      .waitFor({ timeout: 30_000 });
    return shown;
  } finally {
    await popup.close();
  }
}
