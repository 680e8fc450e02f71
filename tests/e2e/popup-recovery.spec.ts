import { createBackendFns } from '@encore-wallet/backend-client';
import { createMemoryStore, Hedgehog } from '@encore-wallet/core';
import { startServer } from '@encore-wallet/server';
import type { Page } from '@playwright/test';
import { HDNodeWallet, LangEn, Mnemonic, randomBytes } from 'ethers';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';
import { useBackend } from './support/settings.ts';

const NEW_PASSWORD = 'a new lantern for the harbour 5';
const TWELVE_WORDS = /^[a-z]+( [a-z]+){11}$/;

/** Asks for the phrase with `password` from the signed-in popup; returns the words shown. */
async function revealPhrase(popup: Page, password: string): Promise<string> {
  await popup.getByTestId('recovery-password').fill(password);
  await popup.getByTestId('recovery-submit').click();
  const phrase = popup.getByTestId('recovery-phrase');
  await expect(phrase).toHaveText(TWELVE_WORDS, { timeout: 30_000 });
  return (await phrase.textContent()) ?? '';
}

async function restore(popup: Page, username: string, phrase: string): Promise<void> {
  await popup.getByTestId('show-restore').click();
  await popup.getByTestId('restore-username').fill(username);
  await popup.getByTestId('restore-phrase').fill(phrase);
  await popup.getByTestId('restore-password').fill(NEW_PASSWORD);
  await popup.getByTestId('restore-password-repeat').fill(NEW_PASSWORD);
}

test('the recovery phrase is shown only after the password, and a wrong one is refused', async ({
  openPopup,
}) => {
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername('phrase'));
  await popup.getByTestId('show-recovery').click();
  await expect(popup.getByTestId('recovery-password')).toBeVisible();
  await expect(popup.getByTestId('recovery-phrase')).toHaveCount(0);

  await popup.getByTestId('recovery-password').fill(`${PASSWORD}?`);
  await popup.getByTestId('recovery-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText('Wrong password.', {
    timeout: 30_000,
  });
  await expect(popup.getByTestId('recovery-phrase')).toHaveCount(0);

  const phrase = await revealPhrase(popup, PASSWORD);
  // Blurred until clicked, and the words are this wallet's.
  const box = popup.locator('.phrase-box');
  await expect(box).toHaveClass(/blurred/);
  await box.click();
  await expect(popup.locator('.phrase-box')).not.toHaveClass(/blurred/);
  expect(HDNodeWallet.fromPhrase(phrase).address).toBe(address);
  await expect(popup.getByRole('note')).toContainText('Anyone who has these 12 words');
});

test('restore with a new password in a fresh profile opens the same address', async ({
  openPopup,
  launchSecondBrowser,
}) => {
  const username = uniqueUsername('restore');
  const popup = await openPopup();
  const address = await signUp(popup, username);
  await popup.getByTestId('show-recovery').click();
  const phrase = await revealPhrase(popup, PASSWORD);

  const elsewhere = await openExtensionPopup(await launchSecondBrowser());
  await restore(elsewhere, username, phrase);
  await elsewhere.getByTestId('restore-submit').click();
  await expect(elsewhere.getByTestId('address')).toHaveText(address, { timeout: 30_000 });

  // The new password now logs in too, here and anywhere.
  await elsewhere.getByTestId('logout').click();
  await elsewhere.getByTestId('username').fill(username);
  await elsewhere.getByTestId('password').fill(NEW_PASSWORD);
  await elsewhere.getByTestId('login-submit').click();
  await expect(elsewhere.getByTestId('address')).toHaveText(address, { timeout: 30_000 });
});

test('a typo in one word, a bad checksum or a mistyped new password is caught before anything is sent', async ({
  openPopup,
}) => {
  const log: string[] = [];
  const witness = await startServer({
    port: 0,
    databaseUrl: 'sqlite::memory:',
    log: (line) => log.push(line.replace(/ [\d.]+ms$/, '')),
  });
  try {
    const username = uniqueUsername('typo');
    const fns = createBackendFns({ baseUrl: witness.url });
    const account = await new Hedgehog(fns.getFn, fns.setAuthFn, fns.setUserFn, {
      storage: createMemoryStore(),
    }).signUp(username, PASSWORD);
    const words = account.mnemonic?.phrase.split(' ') ?? [];

    const popup = await openPopup();
    await popup.setViewportSize(POPUP_SIZE);
    await useBackend(popup, witness.url);
    log.length = 0;

    const typo = [...words];
    typo[4] = `${words[4]}q`;
    await restore(popup, username, typo.join(' '));
    await expect(popup.getByTestId('phrase-error')).toContainText(`Word 5 ("${typo[4]}")`);
    await popup.getByTestId('restore-submit').click();
    await expect(popup.getByTestId('form-error')).toContainText('Word 5');

    // Every word on the list, the checksum wrong: the last word's low 4 bits are the checksum,
    // so its neighbour in the list keeps the entropy and breaks the checksum, always.
    const list = LangEn.wordlist();
    const badChecksum = [...words];
    badChecksum[11] = list.getWord(list.getWordIndex(words[11] ?? '') ^ 1);
    await popup.getByTestId('restore-phrase').fill(badChecksum.join(' '));
    await expect(popup.getByTestId('phrase-error')).toContainText('checksum');
    await popup.getByTestId('restore-submit').click();
    await expect(popup.getByTestId('form-error')).toContainText('checksum');
    expect(log).toEqual([]);

    // The right words, and the new password mistyped the second time, by keyboard: the mismatch
    // is the repeat field's own error, read with the field, and nothing is sent.
    await popup.getByTestId('restore-phrase').fill(words.join(' '));
    await expect(popup.getByTestId('phrase-error')).toHaveCount(0);
    await popup.getByTestId('restore-password').focus();
    await popup.keyboard.press('ControlOrMeta+A');
    await popup.keyboard.type(NEW_PASSWORD);
    await popup.keyboard.press('Tab');
    const repeat = popup.getByTestId('restore-password-repeat');
    await expect(repeat).toBeFocused();
    await popup.keyboard.press('ControlOrMeta+A');
    await popup.keyboard.type(NEW_PASSWORD.replace('lantern', 'lanturn'));
    await popup.keyboard.press('Enter');
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await expect(repeat).toHaveAccessibleDescription(
      'The two passwords differ. Type the same password twice.',
    );
    await expect(popup.getByTestId('form-error')).toHaveCount(0);
    await expectCleanLayout(popup, 'restore, the repeat differs');
    await expect(popup.getByTestId('address')).toHaveCount(0);
    expect(log).toEqual([]);

    // The same form with the right words and the password twice reaches the backend (so the
    // log above can see).
    await repeat.fill(NEW_PASSWORD);
    await expect(repeat).not.toHaveAttribute('aria-invalid', 'true');
    await popup.getByTestId('restore-submit').click();
    await expect(popup.getByTestId('address')).toHaveText(account.address, { timeout: 30_000 });
    expect(log).toContain('POST /users 200');
    expect(log).toContain('POST /authentication 200');
  } finally {
    await witness.close();
  }
});

test("another wallet's phrase for a taken username is refused, and nothing opens", async ({
  env,
  openPopup,
}) => {
  const username = uniqueUsername('taken');
  const fns = createBackendFns({ baseUrl: env.backendUrl });
  await new Hedgehog(fns.getFn, fns.setAuthFn, fns.setUserFn, {
    storage: createMemoryStore(),
  }).signUp(username, PASSWORD);
  const someoneElse = Mnemonic.fromEntropy(randomBytes(16)).phrase;

  const popup = await openPopup();
  await restore(popup, username, someoneElse);
  await popup.getByTestId('restore-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText(
    'This username belongs to another wallet. Check the username, or the recovery phrase.',
    { timeout: 30_000 },
  );
  await expect(popup.getByTestId('address')).toHaveCount(0);
  // The new password opens nothing: no record was stored for it.
  await popup.getByRole('button', { name: 'Back to log in' }).click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(NEW_PASSWORD);
  await popup.getByTestId('login-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText('Wrong username or password.', {
    timeout: 30_000,
  });
});

test('copy puts the phrase on the clipboard and takes it back after 60 s', async ({
  context,
  env,
  openPopup,
}) => {
  // Chromium lets no extension page read the clipboard without a permission Encore does not
  // ask for; a web page that is granted it reads what the person would paste.
  const demo = env.services.demo ?? '';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo });
  const site = await context.newPage();
  await site.goto(demo);
  const clipboard = (): Promise<string> => site.evaluate(() => navigator.clipboard.readText());

  const popup = await openPopup();
  await signUp(popup, uniqueUsername('copy'));
  await popup.clock.install();
  await popup.getByTestId('show-recovery').click();
  const phrase = await revealPhrase(popup, PASSWORD);
  await popup.getByRole('button', { name: 'Copy', exact: true }).last().click();
  await expect(popup.getByRole('status')).toContainText('Copied');
  expect(await clipboard()).toBe(phrase);
  await popup.clock.runFor(59_000);
  expect(await clipboard()).toBe(phrase);
  await popup.clock.runFor(1_000);
  await expect.poll(clipboard).toBe('');
});

/** Open offscreen documents: the clipboard guard's closes itself once its check has run. */
async function offscreenDocuments(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { getContexts(filter: unknown): Promise<unknown[]> } };
    };
    return (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length;
  });
}

test('the copied phrase is cleared after the popup has closed; a clipboard changed since is left', async ({
  context,
  env,
  extensionId,
  openPopup,
}) => {
  const demo = env.services.demo ?? '';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo });
  const site = await context.newPage();
  await site.goto(demo);
  const clipboard = (): Promise<string> => site.evaluate(() => navigator.clipboard.readText());
  // An extension page that stays open, to watch the offscreen document from.
  const watcher = await context.newPage();
  await watcher.goto(`chrome-extension://${extensionId}/options.html`);
  const guards = (): Promise<number> => offscreenDocuments(watcher);

  const popup = await openPopup();
  await signUp(popup, uniqueUsername('guard'));
  // The test build's shorter delay (lib/extension/background/test-hooks.ts).
  await popup.evaluate(() => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { session: { set(items: object): Promise<void> } } };
    };
    return chrome.storage.session.set({ 'encore:test:clipboard-clear-ms': 3_000 });
  });
  await popup.getByTestId('show-recovery').click();
  const phrase = await revealPhrase(popup, PASSWORD);
  const copy = async (): Promise<void> => {
    await popup.getByRole('button', { name: 'Copy', exact: true }).last().click();
    await expect(popup.getByTestId('copy-status')).toContainText(
      'even once this window has closed',
    );
    expect(await clipboard()).toBe(phrase);
  };

  // Copied, the popup closed at once (as a toolbar popup does when the person goes to paste).
  await copy();
  await popup.close();
  await expect.poll(clipboard, { timeout: 30_000 }).toBe('');
  await expect.poll(guards, { timeout: 30_000 }).toBe(0);

  // Copied again, then the person copies something of their own: the guard leaves it.
  const again = await openPopup();
  await again.getByTestId('show-recovery').click();
  const phraseAgain = await revealPhrase(again, PASSWORD);
  expect(phraseAgain).toBe(phrase);
  await again.getByRole('button', { name: 'Copy', exact: true }).last().click();
  await expect(again.getByTestId('copy-status')).toContainText('even once this window has closed');
  expect(await clipboard()).toBe(phrase);
  expect(await guards()).toBe(1);
  await again.close();
  await site.bringToFront();
  await site.evaluate(() => navigator.clipboard.writeText('my own shopping list'));
  // The guard has run its check once its document has closed.
  await expect.poll(guards, { timeout: 30_000 }).toBe(0);
  expect(await clipboard()).toBe('my own shopping list');
});
