// `permissions.overview` and `permissions.revoke` through the worker's router: popup only, the
// revoke's id checked with zod before anything is read, an unknown grant refused with a sentence,
// and a grant whose chain cannot be read listed with why rather than hidden.
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
const approvalWindow: MessageSender = {
  id: 'test-extension-id',
  url: `${EXTENSION}/approval.html`,
};
const ID = `0x${'1a'.repeat(32)}`;

function errorOf(response: MessageResponse): {
  code: string;
  message: string;
  issues?: { path: (string | number)[] }[];
} {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

async function signedUp() {
  const background = createBackground({ backend: memoryBackend() });
  const answer = await background.router.handle(
    { type: 'signUp', username: 'ada', password: 'violet tram plays 7 encores' },
    popup,
  );
  if (!answer.ok) throw new Error('sign-up failed');
  return { ...background, address: (answer.result as { address: string }).address };
}

describe('permissions.overview and permissions.revoke', () => {
  beforeEach(() => fakeBrowser.reset());

  it('lists a grant whose chain cannot be read, saying why, with nothing taken claimed', async () => {
    const { router, address } = await signedUp();
    const { chainId } = await getSettings();
    await createGrantStore().add(storedGrant({ account: address, chainId }));
    const answer = await router.handle({ type: 'permissions.overview' }, popup);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const [listed] = (answer.result as { grants: Record<string, unknown>[] }).grants;
    expect(listed).toMatchObject({ id: ID, state: 'live', usage: null, revokeTx: null });
    expect(listed?.unreadable).toEqual(expect.any(String));
  });

  it.each([
    ['no id', {}],
    ['an id that is no hash', { id: '0x1234' }],
    ['an id with junk after it', { id: `${ID}00` }],
    ['a field more', { id: ID, password: 'x' }],
  ])('refuses a revoke with %s as INVALID_INPUT', async (_, input) => {
    const { router } = await signedUp();
    const error = errorOf(await router.handle({ type: 'permissions.revoke', ...input }, popup));
    expect(error.code).toBe('INVALID_INPUT');
  });

  it('refuses to revoke a grant it does not hold for this account, sending nothing', async () => {
    const { router, address } = await signedUp();
    const { chainId } = await getSettings();
    // Another listener's grant, in the same store.
    await createGrantStore().add(storedGrant({ chainId }));
    const error = errorOf(await router.handle({ type: 'permissions.revoke', id: ID }, popup));
    expect(error.code).toBe('REVOKE_FAILED');
    expect(error.message).toContain('no such permission');
    expect(address).not.toBe(storedGrant().account);
  });

  it.each([
    ['the options page', optionsPage],
    ['the approval window', approvalWindow],
    ['a content script', contentScript],
    ['another extension', otherExtension],
  ])('answers neither to %s', async (_, sender) => {
    const { router } = await signedUp();
    expect(errorOf(await router.handle({ type: 'permissions.overview' }, sender)).code).toBe(
      'FORBIDDEN_SENDER',
    );
    expect(errorOf(await router.handle({ type: 'permissions.revoke', id: ID }, sender)).code).toBe(
      'FORBIDDEN_SENDER',
    );
  });

  it('is NOT_LOGGED_IN when logged out', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(errorOf(await router.handle({ type: 'permissions.overview' }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
    expect(errorOf(await router.handle({ type: 'permissions.revoke', id: ID }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
  });
});
