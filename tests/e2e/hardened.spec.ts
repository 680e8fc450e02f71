import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  keyRingFrom,
  newSecretKey,
  type RunningKeyHolder,
  startKeyHolder,
} from '@encore-wallet/key-holder';
import type { Page } from '@playwright/test';
import { sendLocalEther } from '../../chain/index.ts';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { buildExtension } from './support/build-extension.ts';
import { e2eEnv } from './support/env.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './support/launch.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';
import { setSettings } from './support/settings.ts';

// Hardened records through the real extension, built as `make start` builds it: pinned to a key
// holder (the real service, on a free port) and to a backend whose lookups the test can read. A
// sign-up is hardened; another profile logs in to the same address; an account made without a
// key holder is hardened from the value card; with the key holder stopped, a login says so and
// asks the backend for nothing. The shared build (no key holder) stays as it is, so every other
// spec's records stay what they assert: this file pays for one build of its own.

test.describe.configure({ mode: 'serial' });

const ETH = 10n ** 18n;

let keyHolder: RunningKeyHolder;
let backend: LoggingProxy;
let hardenedDir: string;
let workDir: string;

/** Forwards to the shared backend and notes the path and query of each request. */
interface LoggingProxy {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

async function loggingProxy(target: string): Promise<LoggingProxy> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && name !== 'host') headers.set(name, value);
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${request.url}`, { method: request.method, headers, body })
        .then(async (answer) => {
          // fetch has decoded the body already: its length and encoding are the proxy's own.
          const forwarded = Object.fromEntries(
            [...answer.headers].filter(
              ([name]) =>
                !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
            ),
          );
          response.writeHead(answer.status, forwarded);
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const env = e2eEnv();
  workDir = await mkdtemp(join(tmpdir(), 'encore-e2e-hardened-'));
  const keys = keyRingFrom({
    current: 'e2e-1',
    keys: [{ id: 'e2e-1', secretKey: newSecretKey() }],
  });
  keyHolder = await startKeyHolder({
    keys,
    databaseUrl: `sqlite:${join(workDir, 'key-holder.sqlite')}`,
    // Many sign-ups and logins from one address and one run; the limits have their own tests.
    limits: { perAccount: 1000, perAddress: 1000 },
  });
  backend = await loggingProxy(env.backendUrl);
  const current = keys.list().find((key) => key.id === 'e2e-1');
  const root = resolve(import.meta.dirname, '..', '..');
  hardenedDir = await buildExtension({
    outDir: join(root, '.output', `e2e-hardened-${process.pid}`),
    env: {
      ...env.extensionBuildEnv,
      WXT_BACKEND_URL: backend.url,
      WXT_KEY_HOLDER_URL: keyHolder.url,
      WXT_KEY_HOLDER_KEY_ID: 'e2e-1',
      WXT_KEY_HOLDER_PUBLIC_KEY: current?.publicKey ?? '',
    },
  });
});

test.afterAll(async () => {
  await keyHolder?.close().catch(() => undefined);
  await backend?.close();
  const root = resolve(import.meta.dirname, '..', '..');
  await rm(join(root, '.output', `e2e-hardened-${process.pid}`), { recursive: true, force: true });
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A fresh profile of the hardened build, closed at the end of the test. */
async function hardenedBrowser(opened: ExtensionBrowser[]): Promise<ExtensionBrowser> {
  const browser = await launchExtensionBrowser(hardenedDir);
  opened.push(browser);
  return browser;
}

async function recordFormat(popup: Page): Promise<unknown> {
  return popup.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(message: unknown): Promise<{ result?: unknown }> } };
    };
    return (await chrome.runtime.sendMessage({ type: 'strengthen.status' })).result;
  });
}

test('sign-up is hardened by default; another profile logs in to the same address', async () => {
  test.setTimeout(120_000);
  const opened: ExtensionBrowser[] = [];
  try {
    const username = uniqueUsername('hardened');
    const first = await openExtensionPopup(await hardenedBrowser(opened));
    const address = await signUp(first, username);
    expect(await recordFormat(first)).toMatchObject({ format: 'hardened', keyHolder: true });

    const second = await openExtensionPopup(await hardenedBrowser(opened));
    await second.getByTestId('show-login').click();
    await second.getByTestId('username').fill(username);
    await second.getByTestId('password').fill(PASSWORD);
    await second.getByTestId('login-submit').click();
    await expect(second.getByTestId('address')).toHaveText(address, { timeout: 30_000 });
  } finally {
    for (const browser of opened) await browser.close();
  }
});

test('an account made without a key holder is hardened from the value card', async ({
  env,
  openPopup,
}, testInfo) => {
  test.setTimeout(180_000);
  const chainUrl = env.services.chain ?? '';
  const username = uniqueUsername('harden');
  // The shared build has no key holder: its sign-up makes a Hedgehog record, on the same backend.
  const plain = await openPopup();
  await setSettings(plain, { backendUrl: backend.url });
  const address = await signUp(plain, username);
  await sendLocalEther(chainUrl, address, ETH + ETH / 10n);

  const opened: ExtensionBrowser[] = [];
  try {
    const browser = await hardenedBrowser(opened);
    let popup = await openExtensionPopup(browser);
    await setSettings(popup, { rpcUrls: { '31337': chainUrl }, chainId: 31337 });
    await popup.getByTestId('show-login').click();
    await popup.getByTestId('username').fill(username);
    await popup.getByTestId('password').fill(PASSWORD);
    await popup.getByTestId('login-submit').click();
    await expect(popup.getByTestId('address')).toHaveText(address, { timeout: 30_000 });
    await popup.close();

    popup = await openExtensionPopup(browser);
    await popup.setViewportSize(POPUP_SIZE);
    const card = popup.getByTestId('value-watch');
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByTestId('strengthen-start')).toHaveText('Harden');
    // One name per action: the account actions say what the card says.
    await expect(popup.getByTestId('show-strengthen')).toHaveText('Harden');
    await expect(card).toContainText('Harden it so a copied database cannot test your password');
    await expectCleanLayout(popup, 'popup with the value card, key holder set');
    await popup.screenshot({ path: testInfo.outputPath('value-card-harden.png'), fullPage: true });

    await card.getByTestId('strengthen-start').click();
    await expect(popup.getByTestId('strengthen-view')).toContainText('Harden this wallet');
    await expectCleanLayout(popup, 'the Harden view');
    await popup.screenshot({ path: testInfo.outputPath('harden-view.png'), fullPage: true });
    await popup.getByTestId('strengthen-password').fill(PASSWORD);
    await popup.getByTestId('strengthen-submit').click();
    await expect(popup.getByTestId('strengthen-done')).toBeVisible({ timeout: 60_000 });
    await expect(popup.getByTestId('strengthen-view')).toContainText('Hardened wallet');
    await popup.getByTestId('strengthen-view').getByRole('button', { name: 'Close' }).click();

    const shown = popup.getByTestId('value-watch');
    await expect(shown.getByTestId('value-watch-lock')).toContainText(
      'hardened: a copied database cannot test your password',
    );
    await expect(shown.getByTestId('strengthen-start')).toHaveCount(0);
    await expectCleanLayout(popup, 'popup with the value card, hardened');
    await popup.screenshot({
      path: testInfo.outputPath('value-card-hardened.png'),
      fullPage: true,
    });
    expect(await recordFormat(popup)).toMatchObject({ format: 'hardened' });
  } finally {
    for (const browser of opened) await browser.close();
  }
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps as a pattern
test('the key holder stopped: the login says so plainly and asks the backend for no lookup key', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const opened: ExtensionBrowser[] = [];
  try {
    const username = uniqueUsername('down');
    const maker = await openExtensionPopup(await hardenedBrowser(opened));
    await signUp(maker, username);

    // The proxy sees the wallet's record requests (the sign-up's among them).
    expect(backend.seen.some((line) => line.includes('/authentication'))).toBe(true);
    await keyHolder.close();
    // A profile that never met the account: nothing remembered says which format it has.
    const popup = await openExtensionPopup(await hardenedBrowser(opened));
    await popup.setViewportSize(POPUP_SIZE);
    backend.seen.length = 0;
    await popup.getByTestId('show-login').click();
    await popup.getByTestId('username').fill(username);
    await popup.getByTestId('password').fill(PASSWORD);
    await popup.getByTestId('login-submit').click();
    await expect(popup.getByTestId('form-error')).toHaveText(
      'The key holder that protects your password cannot be reached. Encore never opens or makes a wallet with a weaker lock instead: try again in a minute.',
      { timeout: 30_000 },
    );
    await expect(popup.getByTestId('login-submit')).toHaveText('Try again');
    await expect(popup.getByTestId('login-submit')).toBeEnabled();
    expect(backend.seen.filter((line) => line.includes('/authentication'))).toEqual([]);
    await expectCleanLayout(popup, 'login, key holder unreachable');
    await popup.screenshot({ path: testInfo.outputPath('login-key-holder-down.png') });
  } finally {
    for (const browser of opened) await browser.close();
  }
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps as a pattern
test('the options page shows the key holder the wallet trusts and refuses an unusable key', async ({}, testInfo) => {
  const opened: ExtensionBrowser[] = [];
  try {
    const browser = await hardenedBrowser(opened);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto(`chrome-extension://${browser.extensionId}/options.html`);
    const card = page.getByTestId('key-holder');
    await expect(card.getByTestId('key-holder-trusted')).toHaveText(
      `This wallet trusts the key holder at ${keyHolder.url}, key e2e-1.`,
    );
    await expect(card.getByTestId('key-holder-public-key')).toHaveValue(/^[0-9a-f]{64}$/);
    // The identity element: every answer would "prove" itself against it.
    await card.getByTestId('key-holder-public-key').fill('00'.repeat(32));
    await page.getByTestId('save-settings').click();
    await expect(card.locator('.field-error')).toHaveText('The public key is the identity element');
    await expect(page.getByTestId('settings-status')).toHaveText(
      'Fix the highlighted fields, then save again.',
    );
    // Nothing was saved: the wallet still trusts the key it had.
    await expect(card.getByTestId('key-holder-trusted')).toHaveText(
      `This wallet trusts the key holder at ${keyHolder.url}, key e2e-1.`,
    );
    await card.scrollIntoViewIfNeeded();
    await expectCleanLayout(page, 'settings page, key holder refused');
    await page.screenshot({ path: testInfo.outputPath('options-key-holder.png'), fullPage: true });
  } finally {
    for (const browser of opened) await browser.close();
  }
});
