// Strengthening the logged-in wallet's record through the worker's router: from the popup only,
// after the password, and refused while a login is under way in another tab.

import { Authentication, StrongRecord } from '@encore-wallet/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, Router } from '../../../lib/extension/messages/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';

function errorOf(response: MessageResponse): { code: string; message: string } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

function resultOf<T>(response: MessageResponse): T {
  if (!response.ok) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return response.result as T;
}

async function signedUp(router: Router): Promise<string> {
  const state = resultOf<{ address: string }>(
    await router.handle({ type: 'signUp', username: 'ada', password: PASSWORD }, popup),
  );
  return state.address;
}

describe('strengthen', () => {
  beforeEach(() => fakeBrowser.reset());

  it('re-encrypts the record from the popup; the Hedgehog lookup key finds nothing after', async () => {
    const backend = memoryBackend();
    const { router } = createBackground({ backend });
    const address = await signedUp(router);
    const hedgehogKey = await Authentication.createAuthLookupKey('ada', PASSWORD);
    expect(backend.records.has(hedgehogKey)).toBe(true);
    expect(resultOf(await router.handle({ type: 'strengthen.status' }, popup))).toEqual({
      format: 'hedgehog',
      loginInProgress: false,
      keyHolder: false,
    });

    expect(
      resultOf(await router.handle({ type: 'strengthen', password: PASSWORD }, popupTab)),
    ).toEqual({ strengthened: true, alreadyStrong: false });
    expect(backend.records.has(hedgehogKey)).toBe(false);
    expect(backend.records.size).toBe(1);
    expect(resultOf(await router.handle({ type: 'strengthen.status' }, popup))).toMatchObject({
      format: 'strong',
    });

    // Logged out and in again: the same wallet, and the worker still knows the format.
    await router.handle({ type: 'logout' }, popup);
    const state = resultOf<{ address: string }>(
      await router.handle({ type: 'login', username: 'ada', password: PASSWORD }, popup),
    );
    expect(state.address).toBe(address);
  });

  it('is refused while a login is under way in another tab, and changes nothing', async () => {
    const backend = memoryBackend();
    const { router } = createBackground({ backend });
    await signedUp(router);
    const before = new Map(backend.records);

    // Another tab's login, still deriving its keys.
    const login = router.handle({ type: 'login', username: 'ada', password: PASSWORD }, popup);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [status, refused] = await Promise.all([
      router.handle({ type: 'strengthen.status' }, popup),
      router.handle({ type: 'strengthen', password: PASSWORD }, popupTab),
    ]);
    expect(resultOf(status)).toMatchObject({ loginInProgress: true });
    expect(errorOf(refused).code).toBe('LOGIN_IN_PROGRESS');
    expect(resultOf<{ loggedIn: boolean }>(await login).loggedIn).toBe(true);
    expect(backend.records).toEqual(before);

    // Once it is over, the same request goes through.
    expect(
      resultOf(await router.handle({ type: 'strengthen', password: PASSWORD }, popupTab)),
    ).toMatchObject({ strengthened: true });
  });

  it('refuses a wrong password as a failed login would, and any sender but the popup', async () => {
    const backend = memoryBackend();
    const { router } = createBackground({ backend });
    await signedUp(router);
    const before = new Map(backend.records);
    expect(
      errorOf(await router.handle({ type: 'strengthen', password: `${PASSWORD}!` }, popup)).code,
    ).toBe('ACCOUNT_NOT_FOUND');
    expect(
      errorOf(await router.handle({ type: 'strengthen', password: PASSWORD }, contentScript)).code,
    ).toBe('FORBIDDEN_SENDER');
    expect(backend.records).toEqual(before);
  });
});

describe('new sign-ups', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.unstubAllEnvs());

  it("make Hedgehog's records by default, strengthened ones in a WXT_NEW_RECORDS=strong build", async () => {
    const hedgehogKey = await Authentication.createAuthLookupKey('ada', PASSWORD);
    const strongKey = await StrongRecord.lookupKey(
      await StrongRecord.deriveMaster('ada', PASSWORD),
    );

    const plain = memoryBackend();
    await signedUp(createBackground({ backend: plain }).router);
    expect([...plain.records.keys()]).toEqual([hedgehogKey]);

    fakeBrowser.reset();
    vi.stubEnv('WXT_NEW_RECORDS', 'strong');
    const strong = memoryBackend();
    const { router } = createBackground({ backend: strong });
    await signedUp(router);
    expect([...strong.records.keys()]).toEqual([strongKey]);
    expect(resultOf(await router.handle({ type: 'strengthen.status' }, popup))).toMatchObject({
      format: 'strong',
    });
  });
});
