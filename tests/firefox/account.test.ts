import { scryptSync } from 'node:crypto';
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

  it("runs a login's strong derivation on the popup's worker (scrypt-worker.js, under the extension's policy)", async () => {
    const popup = await openPopup(first);
    // The worker program the popup starts for the strong master, at a small N so it is quick.
    const key = await popup.evaluate(async () => {
      const worker = new Worker('/scrypt-worker.js');
      const utf8 = new TextEncoder();
      const answer = await new Promise<{ key?: Uint8Array; error?: string }>((resolve) => {
        worker.onmessage = ({ data }) => {
          if (!('ready' in data)) resolve(data);
        };
        worker.onerror = () => resolve({ error: 'worker refused' });
        worker.postMessage({
          id: 1,
          password: utf8.encode('ada:::pw'),
          salt: utf8.encode('encore-strong-record-v1'),
          N: 1024,
          r: 9,
          p: 1,
          dkLen: 32,
        });
      });
      worker.terminate();
      return answer.key ? Array.from(answer.key) : answer.error;
    });
    const expected = scryptSync('ada:::pw', 'encore-strong-record-v1', 32, { N: 1024, r: 9, p: 1 });
    expect(key).toEqual(Array.from(expected));
  });
});
