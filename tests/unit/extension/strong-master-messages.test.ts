// A new browser's login to a strengthened account through the worker's router, with the strong
// derivation run by the popup on its own worker (the service worker has none): the worker uses the
// popup's master instead of deriving one, takes it from the popup only, and looks the strengthened
// record up first, so the Hedgehog lookup key the popup derived meanwhile is sent only when the
// strong lookup found nothing (a Hedgehog-format account).

import { Authentication, StrongRecord } from '@encore-wallet/core';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, MessageSender } from '../../../lib/extension/messages/index.ts';
import { createStrongMasterMailbox } from '../../../lib/extension/messages/strong-master-mailbox.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';
const ID = '0123456789abcdef0123456789abcdef';
const optionsPage: MessageSender = {
  id: 'test-extension-id',
  url: 'chrome-extension://test-extension-id/options.html',
};

function resultOf<T>(response: MessageResponse): T {
  if (!response.ok) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return response.result as T;
}

function errorOf(response: MessageResponse): { code: string } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

/** A backend holding `username`'s account, strengthened or not, and who looked what up. */
async function backendWith(username: string, strengthen: boolean) {
  const backend = memoryBackend();
  const looked: string[] = [];
  const getFn = backend.getFn;
  backend.getFn = (query) => {
    looked.push(query.lookupKey);
    return getFn(query);
  };
  const { router } = createBackground({ backend });
  const state = resultOf<{ address: string }>(
    await router.handle({ type: 'signUp', username, password: PASSWORD }, popup),
  );
  if (strengthen) {
    resultOf(await router.handle({ type: 'strengthen', password: PASSWORD }, popupTab));
  }
  // A browser that has never seen the account.
  fakeBrowser.reset();
  looked.length = 0;
  return { backend, looked, address: state.address };
}

describe("a new browser's login with the popup's strong derivation", () => {
  beforeEach(() => fakeBrowser.reset());

  it("waits for the popup's strong derivation, derives none itself, and never sends the Hedgehog lookup key", async () => {
    const { backend, looked, address } = await backendWith('ada', true);
    const master = await StrongRecord.deriveMaster('ada', PASSWORD);
    const hedgehogKey = await Authentication.createAuthLookupKey('ada', PASSWORD);
    const { router } = createBackground({ backend });
    const derive = vi.spyOn(StrongRecord, 'deriveMaster');
    try {
      const login = router.handle(
        {
          type: 'login',
          username: 'ada',
          password: PASSWORD,
          lookupKey: hedgehogKey,
          strongMasterId: ID,
        },
        popup,
      );
      // The popup's derivation has not answered yet: nothing is looked up before it.
      let settled = false;
      void login.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      expect(looked).toEqual([]);
      expect(
        resultOf(
          await router.handle(
            { type: 'loginStrongMaster', strongMasterId: ID, master: bytesToHex(master) },
            popup,
          ),
        ),
      ).toBeNull();
      expect(resultOf<{ address: string }>(await login).address).toBe(address);
      expect(derive).not.toHaveBeenCalled();
      expect(looked).toEqual([await StrongRecord.lookupKey(master)]);
      expect(looked).not.toContain(hedgehogKey);
    } finally {
      derive.mockRestore();
    }
  });

  it("takes the master from the popup only: a content script's or the options page's is refused", async () => {
    const { backend, address } = await backendWith('ada', true);
    // The attacker's own strengthened account on the same backend, whose wallet it would have
    // the victim log into.
    const { router: attacker } = createBackground({ backend });
    resultOf(
      await attacker.handle({ type: 'signUp', username: 'mallory', password: PASSWORD }, popup),
    );
    resultOf(await attacker.handle({ type: 'strengthen', password: PASSWORD }, popupTab));
    const planted = bytesToHex(await StrongRecord.deriveMaster('mallory', PASSWORD));
    fakeBrowser.reset();
    const { router } = createBackground({ backend });
    const login = router.handle(
      { type: 'login', username: 'ada', password: PASSWORD, strongMasterId: ID },
      popup,
    );
    for (const sender of [contentScript, optionsPage]) {
      expect(
        errorOf(
          await router.handle(
            { type: 'loginStrongMaster', strongMasterId: ID, master: planted },
            sender,
          ),
        ).code,
      ).toBe('FORBIDDEN_SENDER');
    }
    // The popup could not derive it: the worker does, and the login opens the right wallet.
    await router.handle({ type: 'loginStrongMaster', strongMasterId: ID, master: null }, popup);
    expect(resultOf<{ address: string }>(await login).address).toBe(address);
  });

  it("a Hedgehog-format login sends the popup's Hedgehog key once the strong lookup found nothing; a master that comes after is dropped", async () => {
    const { backend, looked, address } = await backendWith('ada', false);
    const { router } = createBackground({ backend });
    const master = await StrongRecord.deriveMaster('ada', PASSWORD);
    const hedgehogKey = await Authentication.createAuthLookupKey('ada', PASSWORD);
    const login = router.handle(
      {
        type: 'login',
        username: 'ada',
        password: PASSWORD,
        lookupKey: hedgehogKey,
        strongMasterId: ID,
      },
      popup,
    );
    resultOf(
      await router.handle(
        { type: 'loginStrongMaster', strongMasterId: ID, master: bytesToHex(master) },
        popup,
      ),
    );
    expect(resultOf<{ address: string }>(await login).address).toBe(address);
    expect(looked).toEqual([await StrongRecord.lookupKey(master), hedgehogKey]);
    expect(
      resultOf(
        await router.handle(
          { type: 'loginStrongMaster', strongMasterId: ID, master: 'ab'.repeat(32) },
          popup,
        ),
      ),
    ).toBeNull();
  });
});

describe('the strong master mailbox', () => {
  it('meets a master with its login whichever comes first, once', async () => {
    const box = createStrongMasterMailbox(50);
    const key = new Uint8Array(32).fill(7);
    box.offer(ID, key);
    expect(await box.expect(ID).master).toBe(key);
    // Taken: the same id asked again gets nothing.
    expect(await box.expect(ID).master).toBeNull();
    const wait = box.expect('f'.repeat(32));
    box.offer('f'.repeat(32), key);
    expect(await wait.master).toBe(key);
  });

  it('drops a master for a login that has ended, and gives none to another login', async () => {
    const box = createStrongMasterMailbox(50);
    const wait = box.expect(ID);
    wait.withdraw();
    expect(await wait.master).toBeNull();
    box.offer(ID, new Uint8Array(32));
    expect(await box.expect(ID).master).toBeNull();
    expect(await box.expect('e'.repeat(32)).master).toBeNull();
  });
});
