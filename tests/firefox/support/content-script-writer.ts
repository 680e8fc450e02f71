// One more content script of the same build, with exactly the powers of Encore's own (which a
// compromised web-content process would have): it writes and removes keys in storage.local when
// the page asks, and answers with what storage.local held before. For the tests that play a
// content script planting values there.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { waitForValue } from './wait.ts';

// The page puts an order in an attribute (the DOM is shared with the content script's isolated
// world) and dispatches an event; the writer reads storage.local, applies the order, and answers
// with what storage.local held before.
const WRITER = `
document.addEventListener('encore-write', async () => {
  const order = JSON.parse(document.documentElement.getAttribute('data-encore-order'));
  const before = await browser.storage.local.get(null);
  if (order.remove) await browser.storage.local.remove(order.remove);
  if (order.set) await browser.storage.local.set(order.set);
  document.documentElement.setAttribute('data-encore-done', JSON.stringify(before));
});
`;

export interface WriterOrder {
  set?: Record<string, unknown>;
  remove?: string[];
}

/** A copy of the Firefox build at `extensionDir` with the writer on http://127.0.0.1 pages. */
export async function buildWithWriter(extensionDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'encore-firefox-writer-'));
  await cp(extensionDir, dir, { recursive: true });
  await writeFile(join(dir, 'writer.js'), WRITER);
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    content_scripts: { matches: string[]; js: string[] }[];
  };
  manifest.content_scripts.push({ matches: ['http://127.0.0.1/*'], js: ['writer.js'] });
  await writeFile(manifestPath, JSON.stringify(manifest));
  return dir;
}

/** Has the writer on `site` apply `order`; resolves to storage.local as it was before. */
export async function contentScript(
  site: Page,
  order: WriterOrder = {},
): Promise<Record<string, unknown>> {
  await site.evaluate((text) => {
    document.documentElement.removeAttribute('data-encore-done');
    document.documentElement.setAttribute('data-encore-order', text);
    document.dispatchEvent(new CustomEvent('encore-write'));
  }, JSON.stringify(order));
  const done = await waitForValue(
    site,
    () => document.documentElement.getAttribute('data-encore-done'),
    undefined,
  );
  return JSON.parse(done) as Record<string, unknown>;
}
