import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { backgroundStartedAt } from './support/background.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { openPopup, openView, PASSWORD, signUpIn, testId } from './support/popup.ts';
import { waitForValue } from './support/wait.ts';

const env = inject('encoreEnv');
// The test build's shorter delay and Firefox's pending guard (lib/extension/background/
// test-hooks.ts, lib/extension/clipboard/hand-off.ts).
const DELAY_KEY = 'encore:test:clipboard-clear-ms';
const PENDING_KEY = 'encore:clipboard-guard';

async function until<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 150 && !wanted(value); i++) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

/** Reveals the phrase in the popup tab and clicks Copy; resolves to the words. */
async function revealAndCopy(popup: Page): Promise<string> {
  // The view is a chunk of its own: its field is there once that has loaded.
  await openView(popup, testId('show-recovery'), testId('recovery-password'));
  await popup.type(testId('recovery-password'), PASSWORD);
  await popup.click(testId('recovery-submit'));
  const phrase = await waitForValue(
    popup,
    (selector) => {
      const text = document.querySelector(selector)?.textContent ?? '';
      return /^[a-z]+( [a-z]+){11}$/.test(text) ? text : false;
    },
    testId('recovery-phrase'),
    30_000,
  );
  const buttons = await popup.$$('button');
  for (const button of buttons) {
    if ((await button.evaluate((b) => b.textContent?.trim())) === 'Copy') await button.click();
  }
  await waitForValue(
    popup,
    (selector) => document.querySelector(selector)?.textContent?.includes('even once'),
    testId('copy-status'),
  );
  return phrase;
}

// Firefox has no offscreen documents: the event page clears the clipboard when an alarm wakes
// it, since it unloads when idle (2 s here, a preference of the test profile) and a timer dies
// with it.
describe('the recovery phrase on the clipboard, in Firefox', () => {
  let firefox: FirefoxWithEncore;
  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    firefox = await launchFirefox(env.firefoxExtensionDir, {
      prefs: {
        'extensions.background.idle.timeout': 2000,
        // WebDriver cannot reach the permission prompt: with this, Firefox grants what an
        // optional_permissions request asks for (the same code path as a person allowing it).
        'extensions.webextOptionalPermissionPrompts': false,
      },
    });
  });
  afterAll(async () => {
    await firefox?.close();
  });

  it('is cleared after the popup closed and the event page unloaded; a changed clipboard is left', async () => {
    // An extension page that stays open, to read the clipboard and the pending guard from.
    const watcher = await firefox.openExtensionPage('options.html');
    const clipboard = (): Promise<string> => watcher.evaluate(() => navigator.clipboard.readText());
    const pending = (): Promise<boolean> =>
      watcher.evaluate(
        async (key) => (await browser.storage.session.get(key))[key] !== undefined,
        PENDING_KEY,
      );
    await watcher.evaluate((key) => browser.storage.session.set({ [key]: 6_000 }), DELAY_KEY);

    const popup = await openPopup(firefox);
    await signUpIn(popup, uniqueUsername('firefox-clip'));
    const phrase = await revealAndCopy(popup);
    expect(await clipboard()).toBe(phrase);
    expect(await pending()).toBe(true);
    const startedAt = await backgroundStartedAt(watcher);
    await popup.close();
    expect(await until(clipboard, (text) => text === '')).toBe('');
    // The guard reads the clipboard back after clearing it, then forgets the digest.
    expect(await until(pending, (still) => !still)).toBe(false);
    // The page that cleared it is not the one that was asked: the first one had unloaded.
    expect(await backgroundStartedAt(watcher)).not.toBe(startedAt);

    const again = await openPopup(firefox);
    await revealAndCopy(again);
    await again.close();
    await watcher.evaluate(() => navigator.clipboard.writeText('my own shopping list'));
    expect(await until(pending, (still) => !still)).toBe(false);
    expect(await clipboard()).toBe('my own shopping list');
  });

  it('a grant that comes after the popup has closed still starts the guard it asked for', async () => {
    const watcher = await firefox.openExtensionPage('options.html');
    const secret = 'twelve words copied while the prompt was showing';
    await watcher.evaluate((text) => navigator.clipboard.writeText(text), secret);
    // As before the first Copy: the optional permissions not granted.
    expect(
      await watcher.evaluate(() =>
        browser.permissions.remove({ permissions: ['clipboardRead', 'clipboardWrite'] }),
      ),
    ).toBe(true);

    // The popup hands the digest off, unanswered yet, and closes (as it does under the prompt).
    const popup = await openPopup(firefox);
    const answer = await popup.evaluate(async (text) => {
      const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      const digest = Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0'));
      return browser.runtime.sendMessage({ type: 'clipboard.guard', digest: digest.join('') });
    }, secret);
    expect(answer).toEqual({ ok: true, result: { guarded: false } });
    await popup.close();

    // The person allows clipboard access (the profile answers the prompt).
    await watcher.evaluate(() => {
      document.body.addEventListener('click', () => {
        void browser.permissions.request({ permissions: ['clipboardRead', 'clipboardWrite'] });
      });
    });
    await watcher.click('body');
    const clipboard = (): Promise<string> =>
      watcher.evaluate(() => navigator.clipboard.readText().catch(() => 'unreadable'));
    expect(await until(clipboard, (text) => text === '')).toBe('');
  });
});
