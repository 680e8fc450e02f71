// `permissions.list` through the worker's router: the logged-in listener's grants on the current
// chain, to the popup only.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, MessageSender } from '../../../lib/extension/messages/index.ts';
import { getSettings } from '../../../lib/extension/settings/index.ts';
import { createGrantStore } from '../../../lib/extension/spend-permissions/index.ts';
import { memoryBackend } from '../extension/support/memory-backend.ts';
import { contentScript, otherExtension, popup } from '../extension/support/senders.ts';
import { storedGrant } from './support.ts';

const EXTENSION = 'chrome-extension://test-extension-id';
const optionsPage: MessageSender = { id: 'test-extension-id', url: `${EXTENSION}/options.html` };

function errorOf(response: MessageResponse): { code: string; issues?: { path: string }[] } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

describe('permissions.list', () => {
  beforeEach(() => fakeBrowser.reset());

  it("answers the popup the logged-in listener's grants on the current chain", async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    const signedUp = await router.handle(
      { type: 'signUp', username: 'ada', password: 'violet tram plays 7 encores' },
      popup,
    );
    if (!signedUp.ok) throw new Error('sign-up failed');
    const address = (signedUp.result as { address: string }).address;
    const { chainId } = await getSettings();
    const mine = storedGrant({ account: address, chainId });
    await createGrantStore().add(mine);
    await createGrantStore().add(storedGrant({ id: `0x${'2b'.repeat(32)}`, chainId }));

    const answer = await router.handle({ type: 'permissions.list' }, popup);
    expect(answer).toEqual({ ok: true, result: { chainId, grants: [mine] } });
    expect(errorOf(await router.handle({ type: 'permissions.list', all: true }, popup)).code).toBe(
      'INVALID_INPUT',
    );
  });

  it.each([
    ['the options page', optionsPage],
    ['a content script', contentScript],
    ['another extension', otherExtension],
  ])('answers nothing to %s', async (_, sender) => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(errorOf(await router.handle({ type: 'permissions.list' }, sender)).code).toBe(
      'FORBIDDEN_SENDER',
    );
  });

  it('is NOT_LOGGED_IN when logged out', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(errorOf(await router.handle({ type: 'permissions.list' }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
  });
});
