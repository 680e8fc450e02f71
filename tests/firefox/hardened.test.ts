import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  keyRingFrom,
  newSecretKey,
  type RunningKeyHolder,
  startKeyHolder,
} from '@encore-wallet/key-holder';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { buildExtension } from '../e2e/support/build-extension.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { logInIn, openPopup, signUpIn } from './support/popup.ts';

// Hardened records in Firefox: a Firefox build pinned to a key holder (the real service, on a free
// port), as `make start BROWSER=firefox` builds it. A sign-up is hardened, and a second profile
// logs in to the same address. The shared Firefox build has no key holder; this file builds its own.

const env = inject('encoreEnv');
const root = resolve(import.meta.dirname, '..', '..');
const outDir = join(root, '.output', `firefox-hardened-${process.pid}`);

async function recordFormat(popup: Page): Promise<unknown> {
  return popup.evaluate(async () => {
    const { browser } = globalThis as unknown as {
      browser: { runtime: { sendMessage(message: unknown): Promise<{ result?: unknown }> } };
    };
    return (await browser.runtime.sendMessage({ type: 'strengthen.status' })).result;
  });
}

describe('hardened records in Firefox ESR', () => {
  let keyHolder: RunningKeyHolder;
  let workDir: string;
  let first: FirefoxWithEncore;
  let second: FirefoxWithEncore;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'encore-firefox-hardened-'));
    const keys = keyRingFrom({
      current: 'ff-1',
      keys: [{ id: 'ff-1', secretKey: newSecretKey() }],
    });
    keyHolder = await startKeyHolder({
      keys,
      databaseUrl: `sqlite:${join(workDir, 'key-holder.sqlite')}`,
      limits: { perAccount: 1000, perAddress: 1000 },
    });
    const extensionDir = await buildExtension({
      outDir,
      browser: 'firefox',
      env: {
        ...env.extensionBuildEnv,
        WXT_KEY_HOLDER_URL: keyHolder.url,
        WXT_KEY_HOLDER_KEY_ID: 'ff-1',
        WXT_KEY_HOLDER_PUBLIC_KEY: keys.list()[0]?.publicKey ?? '',
      },
    });
    first = await launchFirefox(extensionDir);
    second = await launchFirefox(extensionDir);
  }, 300_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await keyHolder?.close();
    await rm(outDir, { recursive: true, force: true });
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('signs up hardened, and a second profile logs in to the same address', async () => {
    const username = uniqueUsername('firefox-hardened');
    const popup = await openPopup(first);
    const address = await signUpIn(popup, username);
    expect(await recordFormat(popup)).toMatchObject({ format: 'hardened', keyHolder: true });
    expect(await logInIn(await openPopup(second), username)).toBe(address);
  }, 120_000);
});
