// The private key through the worker's router: answered only to the popup, only after the
// backend's record opened with the password, and it is the logged-in account's own key.
import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, MessageSender } from '../../../lib/extension/messages/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';
const optionsPage: MessageSender = {
  id: 'test-extension-id',
  url: 'chrome-extension://test-extension-id/options.html',
};

const codeOf = (response: MessageResponse): string =>
  response.ok ? 'ok' : (response.error as { code: string }).code;

describe('revealPrivateKey', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the logged-in account’s key to the popup after the password', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const signedUp = await router.handle(
      { type: 'signUp', username: 'ada', password: PASSWORD },
      popup,
    );
    const { address } = (signedUp as { result: { address: string } }).result;
    const answer = await router.handle({ type: 'revealPrivateKey', password: PASSWORD }, popupTab);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const { privateKey, address: keyAddress } = answer.result as {
      privateKey: string;
      address: string;
    };
    expect(keyAddress).toBe(address);
    expect(new Wallet(privateKey).address).toBe(address);
  });

  it('attack: a wrong password, another extension page or a content script gets no key', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    await router.handle({ type: 'signUp', username: 'ada', password: PASSWORD }, popup);
    const wrong = await router.handle(
      { type: 'revealPrivateKey', password: `${PASSWORD}!` },
      popup,
    );
    expect(codeOf(wrong)).toBe('ACCOUNT_NOT_FOUND');
    expect(JSON.stringify(wrong)).not.toMatch(/0x[0-9a-f]{64}/);
    for (const sender of [optionsPage, contentScript]) {
      const refused = await router.handle({ type: 'revealPrivateKey', password: PASSWORD }, sender);
      expect(codeOf(refused)).toBe('FORBIDDEN_SENDER');
    }
  });

  it('answers nothing logged out', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const answer = await router.handle({ type: 'revealPrivateKey', password: PASSWORD }, popup);
    expect(codeOf(answer)).toBe('NOT_LOGGED_IN');
  });
});
