// Whether the recovery phrase is kept, per account, through the worker's router: marked only by
// the popup, only for the logged-in account, kept in storage.local across logouts, and in the
// Firefox layout a sealed record that names no address and that a content script cannot plant.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type {
  MessageResponse,
  MessageSender,
  Router,
} from '../../../lib/extension/messages/index.ts';
import { PHRASE_KEPT_KEY } from '../../../lib/extension/recovery/index.ts';
import { createRecordSealer, useRecordSealer } from '../../../lib/extension/storage/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { memoryRecordKeys } from './support/sealing.ts';
import { contentScript, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';
const NEW_PASSWORD = 'a brand new passphrase 88';
const OTHER = '0x1111111111111111111111111111111111111111';
const optionsPage: MessageSender = {
  id: 'test-extension-id',
  url: 'chrome-extension://test-extension-id/options.html',
};

function errorOf(response: MessageResponse): { code: string; issues?: { path: string }[] } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

function resultOf<T>(response: MessageResponse): T {
  if (!response.ok) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return response.result as T;
}

async function signedUp(router: Router, username = 'ada'): Promise<string> {
  const state = resultOf<{ address: string }>(
    await router.handle({ type: 'signUp', username, password: PASSWORD }, popup),
  );
  return state.address;
}

async function kept(router: Router): Promise<boolean> {
  return resultOf<{ kept: boolean }>(await router.handle({ type: 'recoveryPhrase.status' }, popup))
    .kept;
}

describe('recoveryPhrase.status and recoveryPhrase.markKept', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each([
    ['recoveryPhrase.status', { extra: 1 }, ''],
    ['recoveryPhrase.markKept', {}, 'address'],
    ['recoveryPhrase.markKept', { address: '0x12' }, 'address'],
    ['recoveryPhrase.markKept', { address: 42 }, 'address'],
    ['recoveryPhrase.markKept', { address: OTHER, kept: false }, ''],
  ])('%s rejects %j naming the bad field', async (type, payload, path) => {
    const { router } = createBackground({ backend: memoryBackend() });
    await signedUp(router);
    const error = errorOf(await router.handle({ type, ...payload }, popup));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect(await kept(router)).toBe(false);
  });

  it('a new account is not kept until the popup marks it, and stays kept after a logout', async () => {
    const backend = memoryBackend();
    const { router } = createBackground({ backend });
    const address = await signedUp(router);
    expect(await kept(router)).toBe(false);

    expect(
      resultOf(await router.handle({ type: 'recoveryPhrase.markKept', address }, popupTab)),
    ).toEqual({ kept: true });
    expect(await kept(router)).toBe(true);
    expect((await fakeBrowser.storage.local.get(PHRASE_KEPT_KEY))[PHRASE_KEPT_KEY]).toEqual([
      address.toLowerCase(),
    ]);

    // Another account on this browser is reminded; the first one is still kept when it returns.
    await router.handle({ type: 'logout' }, popup);
    await signedUp(router, 'bea');
    expect(await kept(router)).toBe(false);
    await router.handle({ type: 'logout' }, popup);
    await router.handle({ type: 'login', username: 'ada', password: PASSWORD }, popup);
    expect(await kept(router)).toBe(true);
  });

  it('refuses to mark an account that is not the logged-in one, or when none is', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(
      errorOf(await router.handle({ type: 'recoveryPhrase.markKept', address: OTHER }, popup)).code,
    ).toBe('NOT_LOGGED_IN');
    expect(errorOf(await router.handle({ type: 'recoveryPhrase.status' }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
    await signedUp(router);
    // A popup left open across a logout and another login names the account it showed.
    expect(
      errorOf(await router.handle({ type: 'recoveryPhrase.markKept', address: OTHER }, popup)).code,
    ).toBe('NOT_LOGGED_IN');
    expect(await kept(router)).toBe(false);
    expect(await fakeBrowser.storage.local.get(PHRASE_KEPT_KEY)).toEqual({});
  });

  it('only the popup marks it; content scripts ask neither message', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const address = await signedUp(router);
    for (const sender of [optionsPage, contentScript]) {
      const response = await router.handle({ type: 'recoveryPhrase.markKept', address }, sender);
      expect(errorOf(response).code).toBe('FORBIDDEN_SENDER');
    }
    const asked = await router.handle({ type: 'recoveryPhrase.status' }, contentScript);
    expect(errorOf(asked).code).toBe('FORBIDDEN_SENDER');
    expect(await kept(router)).toBe(false);
  });

  it('an account restored from its phrase counts as kept', async () => {
    const backend = memoryBackend();
    const first = createBackground({ backend });
    await signedUp(first.router);
    const phrase = (await first.session.getWallet())?.mnemonic?.phrase ?? '';
    fakeBrowser.reset();

    const { router } = createBackground({ backend });
    resultOf(
      await router.handle(
        { type: 'restoreFromPhrase', username: 'ada', password: NEW_PASSWORD, phrase },
        popup,
      ),
    );
    expect(await kept(router)).toBe(true);
  });
});

describe('the kept flag in the Firefox layout (sealed storage.local)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useRecordSealer(createRecordSealer(memoryRecordKeys()));
  });
  afterEach(() => useRecordSealer(null));

  it('reads back the record this worker sealed, which names no address in the clear', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const address = await signedUp(router);
    resultOf(await router.handle({ type: 'recoveryPhrase.markKept', address }, popup));
    expect(await kept(router)).toBe(true);
    const record = JSON.stringify(await fakeBrowser.storage.local.get(PHRASE_KEPT_KEY));
    expect(record).toContain('"iv"');
    expect(record.toLowerCase()).not.toContain(address.slice(2).toLowerCase());
  });

  it('attack: a record a content script planted, or an earlier copy put back, does not silence the reminder', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const ada = await signedUp(router);
    const before = (await fakeBrowser.storage.local.get(PHRASE_KEPT_KEY))[PHRASE_KEPT_KEY];
    resultOf(await router.handle({ type: 'recoveryPhrase.markKept', address: ada }, popup));
    const sealedAda = (await fakeBrowser.storage.local.get(PHRASE_KEPT_KEY))[PHRASE_KEPT_KEY];
    await router.handle({ type: 'logout' }, popup);
    const bea = await signedUp(router, 'bea');

    await fakeBrowser.storage.local.set({ [PHRASE_KEPT_KEY]: [bea.toLowerCase()] });
    expect(await kept(router)).toBe(false);
    await fakeBrowser.storage.local.set({ [PHRASE_KEPT_KEY]: { list: [bea.toLowerCase()] } });
    expect(await kept(router)).toBe(false);
    // Bea's own sealed record, then Ada's earlier one put back: Bea is reminded again, never hidden.
    resultOf(await router.handle({ type: 'recoveryPhrase.markKept', address: bea }, popup));
    expect(await kept(router)).toBe(true);
    await fakeBrowser.storage.local.set({ [PHRASE_KEPT_KEY]: sealedAda });
    expect(await kept(router)).toBe(false);
    expect(before).toBeUndefined();
  });
});
