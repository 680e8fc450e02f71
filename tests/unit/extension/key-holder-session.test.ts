// The worker's wallet core with a key holder (a real one, in process): the settings decide it,
// sign-ups are hardened, a changed setting applies without a restart, and an unreachable key
// holder or an unusable pin stops a login or sign-up before anything weaker is looked up or made.

import type { BackendFns } from '@encore-wallet/backend-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, Router } from '../../../lib/extension/messages/index.ts';
import { updateSettings } from '../../../lib/extension/settings/index.ts';
import { startTestKeyHolder, type TestKeyHolder } from './support/key-holder.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';

function resultOf<T>(response: MessageResponse): T {
  if (!response.ok) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return response.result as T;
}

function errorOf(response: MessageResponse): { code: string } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as never;
}

/** The in-memory backend, with every lookup key it was asked for. */
function watchedBackend(): ReturnType<typeof memoryBackend> & { lookups: string[] } {
  const backend = memoryBackend();
  const lookups: string[] = [];
  const lookUp = backend.getFn;
  const getFn: BackendFns['getFn'] = (query) => {
    lookups.push(query.lookupKey);
    return lookUp(query);
  };
  return Object.assign(backend, { getFn, lookups });
}

let keyHolder: TestKeyHolder;

function pinned(): Parameters<typeof updateSettings>[0] {
  return { keyHolder: keyHolder.pin };
}

const signUp = (router: Router) =>
  router.handle({ type: 'signUp', username: 'ada', password: PASSWORD }, popup);
const logIn = (router: Router) =>
  router.handle({ type: 'login', username: 'ada', password: PASSWORD }, popup);
const status = async (router: Router) =>
  resultOf<{ format: string | null; keyHolder: boolean }>(
    await router.handle({ type: 'strengthen.status' }, popup),
  );

describe('the worker with a key holder', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    keyHolder = await startTestKeyHolder();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await keyHolder.close();
  });

  it('hardens a sign-up when the settings pin a key holder; another worker logs in to the same address', async () => {
    await updateSettings(pinned());
    const backend = watchedBackend();
    const first = createBackground({ backend, keyHolderFetch: keyHolder.fetch });
    const { address } = resultOf<{ address: string }>(await signUp(first.router));
    expect(await status(first.router)).toMatchObject({ format: 'hardened', keyHolder: true });
    expect(keyHolder.requests.includes('/evaluate')).toBe(true);

    // Another browser profile: the same settings, nothing remembered.
    const remembered = await fakeBrowser.storage.local.get('encore:settings');
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(remembered);
    const second = createBackground({ backend, keyHolderFetch: keyHolder.fetch });
    expect(resultOf<{ address: string }>(await logIn(second.router)).address).toBe(address);
  });

  it('an unreachable key holder stops the login plainly, in a profile that never met the account; the backend is asked for no lookup key', async () => {
    await updateSettings(pinned());
    const backend = watchedBackend();
    resultOf(await signUp(createBackground({ backend, keyHolderFetch: keyHolder.fetch }).router));
    const settings = await fakeBrowser.storage.local.get('encore:settings');
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(settings);
    const fresh = createBackground({ backend, keyHolderFetch: keyHolder.fetch });
    backend.lookups.length = 0;
    keyHolder.mode = 'down';
    expect(errorOf(await logIn(fresh.router)).code).toBe('KEY_HOLDER_UNREACHABLE');
    expect(backend.lookups).toEqual([]);
  });

  it('a build whose pin is not usable makes no record at all, and says why', async () => {
    vi.stubEnv('WXT_KEY_HOLDER_URL', 'http://key-holder.test');
    vi.stubEnv('WXT_KEY_HOLDER_KEY_ID', 'k1');
    vi.stubEnv('WXT_KEY_HOLDER_PUBLIC_KEY', '00'.repeat(32));
    const backend = watchedBackend();
    const worker = createBackground({ backend, keyHolderFetch: keyHolder.fetch });
    expect(errorOf(await signUp(worker.router)).code).toBe('KEY_HOLDER_PIN_INVALID');
    expect(backend.records.size).toBe(0);
    expect(keyHolder.requests).toEqual([]);
  });

  it('a key holder set after sign-up applies at once: the record is hardened from the popup', async () => {
    const backend = watchedBackend();
    const worker = createBackground({ backend, keyHolderFetch: keyHolder.fetch });
    resultOf(await signUp(worker.router));
    expect(await status(worker.router)).toMatchObject({ format: 'hedgehog', keyHolder: false });
    await updateSettings(pinned());
    expect(await status(worker.router)).toMatchObject({ keyHolder: true });
    resultOf(await worker.router.handle({ type: 'strengthen', password: PASSWORD }, popupTab));
    expect(await status(worker.router)).toMatchObject({ format: 'hardened' });
    expect(backend.records.size).toBe(1);
  });
});
