// The recovery-phrase messages through the worker's router: the phrase is answered only to the
// popup, only after the backend's record opened with the password, and only in that reply; a
// restore opens the same wallet under a new password.

import { checkMnemonic } from '@encore-wallet/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type {
  MessageResponse,
  MessageSender,
  Router,
} from '../../../lib/extension/messages/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, lookalike, otherExtension, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';
const NEW_PASSWORD = 'a brand new passphrase 88';
const EXTENSION = 'chrome-extension://test-extension-id';
const optionsPage: MessageSender = { id: 'test-extension-id', url: `${EXTENSION}/options.html` };
const approvalWindow: MessageSender = {
  id: 'test-extension-id',
  url: `${EXTENSION}/approval.html`,
};

function errorOf(response: MessageResponse): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  issues?: { path: string }[];
} {
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

describe('revealRecoveryPhrase', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the 12 words of the logged-in wallet to the popup after the password', async () => {
    const { router, session } = createBackground({ backend: memoryBackend() });
    await signedUp(router);
    const storedBefore = await fakeBrowser.storage.local.get(null);
    const { phrase } = resultOf<{ phrase: string }>(
      await router.handle({ type: 'revealRecoveryPhrase', password: PASSWORD }, popupTab),
    );
    expect(phrase).toBe((await session.getWallet())?.mnemonic?.phrase);
    expect(checkMnemonic(phrase).ok).toBe(true);
    // Nothing about it is kept, and no other answer carries it.
    expect(await fakeBrowser.storage.local.get(null)).toEqual(storedBefore);
    const state = await router.handle({ type: 'getState' }, popup);
    expect(JSON.stringify(state)).not.toContain(phrase);
  });

  it('refuses a wrong password as a failed login would', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    await signedUp(router);
    const error = errorOf(
      await router.handle({ type: 'revealRecoveryPhrase', password: `${PASSWORD}!` }, popup),
    );
    expect(error.code).toBe('ACCOUNT_NOT_FOUND');
    expect(JSON.stringify(error)).not.toMatch(/phrase":/);
  });

  it('asks the backend for the record each time (no answer from memory)', async () => {
    const backend = memoryBackend();
    const { router } = createBackground({ backend });
    await signedUp(router);
    // The backend lost the record: the right password no longer proves anything.
    backend.records.clear();
    expect(
      errorOf(await router.handle({ type: 'revealRecoveryPhrase', password: PASSWORD }, popup))
        .code,
    ).toBe('ACCOUNT_NOT_FOUND');
  });

  it.each([
    ['the options page', optionsPage],
    ['the approval window', approvalWindow],
    ['a content script', contentScript],
    ['another extension', otherExtension],
    ['a look-alike URL', lookalike],
  ])('answers nothing to %s, even with the right password', async (_, sender) => {
    const { router } = createBackground({ backend: memoryBackend() });
    await signedUp(router);
    const error = errorOf(
      await router.handle({ type: 'revealRecoveryPhrase', password: PASSWORD }, sender),
    );
    expect(error.code).toBe('FORBIDDEN_SENDER');
  });

  it('is NOT_LOGGED_IN when logged out, and validates its payload', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(
      errorOf(await router.handle({ type: 'revealRecoveryPhrase', password: PASSWORD }, popup))
        .code,
    ).toBe('NOT_LOGGED_IN');
    const bad = errorOf(await router.handle({ type: 'revealRecoveryPhrase', password: '' }, popup));
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.issues?.map((i) => i.path)).toContain('password');
  });
});

describe('restoreFromPhrase', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens the same wallet under a new password, which then logs in', async () => {
    const backend = memoryBackend();
    const first = createBackground({ backend });
    const address = await signedUp(first.router);
    const phrase = (await first.session.getWallet())?.mnemonic?.phrase ?? '';
    fakeBrowser.reset();

    const { router } = createBackground({ backend });
    const restored = await router.handle(
      { type: 'restoreFromPhrase', username: 'ada', password: NEW_PASSWORD, phrase },
      popup,
    );
    expect(resultOf(restored)).toEqual({
      loggedIn: true,
      address,
      username: 'ada',
      pendingApprovals: 0,
      cachedProfile: null,
      sessionLost: false,
    });
    await router.handle({ type: 'logout' }, popup);
    const login = await router.handle(
      { type: 'login', username: 'ada', password: NEW_PASSWORD },
      popup,
    );
    expect(resultOf<{ address: string }>(login).address).toBe(address);
  });

  it('names the wrong word, and refuses another wallet for a taken username', async () => {
    const backend = memoryBackend();
    const { router, session } = createBackground({ backend });
    await signedUp(router);
    const phrase = (await session.getWallet())?.mnemonic?.phrase ?? '';
    await router.handle({ type: 'logout' }, popup);

    const words = phrase.split(' ');
    words[2] = `${words[2]}x`;
    const typo = errorOf(
      await router.handle(
        {
          type: 'restoreFromPhrase',
          username: 'ada',
          password: NEW_PASSWORD,
          phrase: words.join(' '),
        },
        popup,
      ),
    );
    expect(typo).toMatchObject({
      code: 'INVALID_MNEMONIC',
      details: { reason: 'unknown-word', wordIndex: 2 },
    });

    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const taken = errorOf(
      await router.handle(
        { type: 'restoreFromPhrase', username: 'ada', password: NEW_PASSWORD, phrase: other },
        popup,
      ),
    );
    expect(taken.code).toBe('USERNAME_TAKEN');
    expect(
      resultOf<{ loggedIn: boolean }>(await router.handle({ type: 'getState' }, popup)),
    ).toMatchObject({ loggedIn: false });
  });

  it.each([
    [{ username: 'ada', password: NEW_PASSWORD }, 'phrase'],
    [{ username: 'ada', password: NEW_PASSWORD, phrase: '   ' }, 'phrase'],
    [{ username: 'ada', password: NEW_PASSWORD, phrase: 'abandon '.repeat(60) }, 'phrase'],
    [{ username: '', password: NEW_PASSWORD, phrase: 'zoo' }, 'username'],
    [{ username: 'ada', password: NEW_PASSWORD, phrase: 'zoo', remember: true }, ''],
  ])('rejects %j naming the bad field', async (payload, path) => {
    const { router } = createBackground({ backend: memoryBackend() });
    const error = errorOf(await router.handle({ type: 'restoreFromPhrase', ...payload }, popup));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues?.map((i) => i.path)).toContain(path);
  });

  it('is refused to a content script', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const payload = { type: 'restoreFromPhrase', username: 'a', password: PASSWORD, phrase: 'x' };
    expect(errorOf(await router.handle(payload, contentScript)).code).toBe('FORBIDDEN_SENDER');
  });
});
