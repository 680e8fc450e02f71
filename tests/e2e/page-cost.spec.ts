// What a page sees of Encore before it asks for anything: window.ethereum and EIP-6963, nothing
// else — no message to its listeners, no port (the worker stays asleep). And a page that asks
// in its very first script, before the relay has started, is still answered.

import { expect, test } from './support/fixtures.ts';
import { isServiceWorkerRunning, stopServiceWorker } from './support/stop-worker.ts';

// Runs before anything else on the page: records every message the page could hear, and when
// the relay has started (it says so with a plain DOM event, not a message).
const WATCHER = `<script>
  window.heard = [];
  window.addEventListener('message', (e) => window.heard.push(e.data));
  window.relayStarted = new Promise((r) => window.addEventListener('encore:relay-ready', r, { once: true }));
</script>`;

test('a page that does not ask hears nothing from Encore and wakes no worker', async ({
  context,
  env,
  openPopup,
}) => {
  const popup = await openPopup();
  await stopServiceWorker(context, popup);
  const page = await context.newPage();
  await page.route(`${env.services.demo}/quiet`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html>${WATCHER}<p>Quiet page</p>` }),
  );
  await page.goto(`${env.services.demo}/quiet`);
  await page.evaluate(() => (window as unknown as { relayStarted: Promise<unknown> }).relayStarted);
  expect(await page.evaluate(() => typeof (window as { ethereum?: unknown }).ethereum)).toBe(
    'object',
  );
  expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
  expect(await isServiceWorkerRunning(context, popup)).toBe(false);
});

test('a request from the page’s first script, before the relay runs, is answered', async ({
  context,
  env,
}) => {
  const page = await context.newPage();
  const early = `<script>
    window.early = window.ethereum.request({ method: 'eth_chainId' });
  </script>`;
  await page.route(`${env.services.demo}/early`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html>${WATCHER}${early}<p>Early</p>`,
    }),
  );
  await page.goto(`${env.services.demo}/early`);
  expect(
    await page.evaluate(() => (window as unknown as { early: Promise<unknown> }).early),
  ).toMatch(/^0x[0-9a-f]+$/);
});
