import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { logInIn, openPopup, signUpIn } from './support/popup.ts';

const env = inject('encoreEnv');
const extensionDir = (): string => {
  if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
  return env.firefoxExtensionDir;
};

describe('Encore in Firefox ESR', () => {
  let first: FirefoxWithEncore;
  let second: FirefoxWithEncore;
  beforeAll(async () => {
    first = await launchFirefox(extensionDir());
    second = await launchFirefox(extensionDir());
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('signs up in the popup, and a second profile logs in to the same address', async () => {
    const username = uniqueUsername('firefox');
    const address = await signUpIn(await openPopup(first), username);
    expect(await logInIn(await openPopup(second), username)).toBe(address);
  });
});
