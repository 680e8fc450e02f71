import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openSite } from './provider-support.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { type ContentScriptWorld, contentScriptWorld } from './support/content-script-world.ts';
import { expect, test } from './support/fixtures.ts';

// A content script runs inside the web page's renderer process: whoever takes over that process
// (or a bug in the relay) acts with the content script's powers. These tests act from the relay's
// own isolated world, as that attacker would, and look for the wallet in extension storage.

type Attempt = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Starts recording every storage change the content script is told about. */
const WATCH_CHANGES = `(() => {
  globalThis.encoreProbeChanges = [];
  const record = (area) => (changes) => globalThis.encoreProbeChanges.push({ area, changes });
  chrome.storage.onChanged.addListener((changes, area) => record(area)(changes));
  chrome.storage.local.onChanged.addListener(record('local'));
  chrome.storage.session.onChanged.addListener(record('session'));
  return true;
})()`;

/** Reads everything in both areas, as the content script. */
const READ_BOTH = `(async () => {
  const attempt = async (area) => {
    try {
      return { ok: true, value: await chrome.storage[area].get(null) };
    } catch (error) {
      return { ok: false, error: String(error && error.message ? error.message : error) };
    }
  };
  return { local: await attempt('local'), session: await attempt('session') };
})()`;

async function relayWorld(page: Page, extensionId: string): Promise<ContentScriptWorld> {
  const world = await contentScriptWorld(page.context(), page, extensionId);
  // The world really is Encore's content script: it has Encore's extension API.
  expect(await world.evaluate('chrome.runtime.id')).toBe(extensionId);
  return world;
}

/** Everything the extension's own pages see in `area`: proof the wallet is stored there. */
function storedAsSeenByExtension(page: Page, area: 'local' | 'session'): Promise<string[]> {
  return page.evaluate(async (name) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: Record<string, { get(keys: null): Promise<object> }> };
    };
    return Object.keys(await chrome.storage[name]!.get(null));
  }, area);
}

test('a content script can neither read nor watch the wallet in storage.local', async ({
  context,
  extensionId,
  env,
  openPopup,
}) => {
  const site = await openSite(context, env.services.demo!);
  const world = await relayWorld(site, extensionId);
  await world.evaluate(WATCH_CHANGES);

  const popup = await openPopup();
  await signUp(popup, uniqueUsername('isolation'));
  expect(await storedAsSeenByExtension(popup, 'local')).not.toEqual([]);

  const read = await world.evaluate<{ local: Attempt; session: Attempt }>(READ_BOTH);
  expect.soft(read.local, 'storage.local from a content script').toMatchObject({ ok: false });
  expect.soft(read.session, 'storage.session from a content script').toMatchObject({ ok: false });
  // Sign-up wrote the entropy; none of those writes reached the content script's listeners.
  expect.soft(await world.evaluate('globalThis.encoreProbeChanges'), 'changes seen').toEqual([]);
  await world.detach();
});

test('with "log out when the browser closes", a content script cannot read storage.session', async ({
  context,
  extensionId,
  env,
  openPopup,
}) => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByTestId('lock-on-close').check();
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');

  const site = await openSite(context, env.services.demo!);
  const world = await relayWorld(site, extensionId);
  await world.evaluate(WATCH_CHANGES);
  const popup = await openPopup();
  await signUp(popup, uniqueUsername('isolation-lock'));
  expect(await storedAsSeenByExtension(popup, 'session')).not.toEqual([]);

  const read = await world.evaluate<{ local: Attempt; session: Attempt }>(READ_BOTH);
  expect.soft(read.session, 'storage.session from a content script').toMatchObject({ ok: false });
  expect.soft(read.local, 'storage.local from a content script').toMatchObject({ ok: false });
  expect.soft(await world.evaluate('globalThis.encoreProbeChanges'), 'changes seen').toEqual([]);
  await world.detach();
});

test('the built manifest requires Chrome 140, the first with storage.local.setAccessLevel', async ({
  env,
}) => {
  const manifest = JSON.parse(await readFile(join(env.extensionDir, 'manifest.json'), 'utf8'));
  expect(manifest.minimum_chrome_version).toBe('140');
});
