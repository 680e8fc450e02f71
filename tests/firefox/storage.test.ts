import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { openPopup, signUpIn } from './support/popup.ts';
import { openSite } from './support/site.ts';
import { waitForElement, waitForValue } from './support/wait.ts';

const env = inject('encoreEnv');
const ENTROPY_KEY = 'encore:wallet:hedgehog-entropy-key';

// The attacker: code with exactly the powers of Encore's content scripts (what a compromised
// web-content process hosting them could do), added as one more content script of the same
// build. It watches storage changes from the start and, when the page asks, reads both areas.
const PROBE = `
const changes = [];
browser.storage.onChanged.addListener((change, area) => changes.push(area + ' ' + JSON.stringify(change)));
const read = async (name) => {
  try {
    const area = browser.storage[name];
    return area ? JSON.stringify(await area.get(null)) : 'no such area';
  } catch (error) {
    return 'refused: ' + String(error);
  }
};
document.addEventListener('encore-probe', async () => {
  const found = { local: await read('local'), session: await read('session'), changes };
  document.documentElement.setAttribute('data-encore-probe', JSON.stringify(found));
});
`;

interface ProbeResult {
  local: string;
  session: string;
  changes: string[];
}

async function probe(site: Page): Promise<ProbeResult> {
  await site.evaluate(() => {
    document.documentElement.removeAttribute('data-encore-probe');
    document.dispatchEvent(new CustomEvent('encore-probe'));
  });
  const found = await waitForValue(
    site,
    () => document.documentElement.getAttribute('data-encore-probe'),
    undefined,
  );
  return JSON.parse(found) as ProbeResult;
}

/** The Firefox build with the probe as one more content script on 127.0.0.1 pages. */
async function buildWithProbe(extensionDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'encore-firefox-probe-'));
  await cp(extensionDir, dir, { recursive: true });
  await writeFile(join(dir, 'probe.js'), PROBE);
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    content_scripts: { matches: string[]; js: string[]; run_at?: string }[];
  };
  manifest.content_scripts.push({ matches: ['http://127.0.0.1/*'], js: ['probe.js'] });
  await writeFile(manifestPath, JSON.stringify(manifest));
  return dir;
}

describe('the entropy in Firefox, where storage.local cannot be restricted', () => {
  let probeBuild: string;
  let firefox: FirefoxWithEncore;
  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    probeBuild = await buildWithProbe(env.firefoxExtensionDir);
    firefox = await launchFirefox(probeBuild);
  });
  afterAll(async () => {
    await firefox?.close();
    if (probeBuild) await rm(probeBuild, { recursive: true, force: true });
  });

  it('stays in storage.session, out of reach of content scripts, even when asked otherwise', async () => {
    const demo = env.services.demo;
    if (!demo) throw new Error('globalSetup did not start the demo site');
    const site = await openSite(firefox.browser, demo);
    const popup = await openPopup(firefox);
    await signUpIn(popup, uniqueUsername('firefox-storage'));

    // Wherever the worker put it: the probe must not find it.
    const entropy = await popup.evaluate(async (key) => {
      const [session, local] = await Promise.all([
        browser.storage.session.get(key),
        browser.storage.local.get(key),
      ]);
      return String(session[key] ?? local[key]);
    }, ENTROPY_KEY);
    expect(entropy).toMatch(/^[0-9a-f]{32}$/);

    const seen = await probe(site);
    // The probe really reads Encore's storage.local: Firefox lets content scripts do that…
    expect(seen.local).toContain('encore:schema-version');
    // …but finds no wallet key there, cannot read storage.session, and saw no change carry it.
    expect(seen.local).not.toContain(entropy);
    expect(seen.changes.join('\n')).not.toContain(entropy);
    expect(seen.session).not.toContain(entropy);
    expect(seen.session).toMatch(/^(no such area|refused: )/);
    const local = await popup.evaluate(() => browser.storage.local.get(null));
    expect(Object.keys(local).filter((key) => key.startsWith('encore:wallet:'))).toEqual([]);

    // Turning "log out when the browser closes" off is not possible here: it reads as on, and
    // the keys stay where they are.
    const answer = await popup.evaluate(() =>
      browser.runtime.sendMessage({ type: 'settings.set', lockOnBrowserClose: false }),
    );
    expect(answer).toMatchObject({ ok: true, result: { lockOnBrowserClose: true } });
    // The options page says so: the box is ticked, cannot be unticked, and the hint says why.
    const options = await firefox.openExtensionPage('options.html');
    const box = await waitForElement(options, '[data-testid="lock-on-close"]');
    expect(
      await box?.evaluate((e) => [(e as HTMLInputElement).checked, e.hasAttribute('disabled')]),
    ).toEqual([true, true]);
    expect(await options.$eval('[data-testid="lock-on-close-hint"]', (e) => e.textContent)).toMatch(
      /^Always on in this browser/,
    );

    const after = await probe(site);
    expect(after.local).not.toContain('encore:wallet:');
    expect(after.changes.join('\n')).not.toContain(entropy);
  });
});
