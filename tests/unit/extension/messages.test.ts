import { loginLookupKey } from '@encore-wallet/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse, Router } from '../../../lib/extension/messages/index.ts';
import { connectSite } from '../../../lib/extension/permissions/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, popup, popupTab } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';

function setup(): Router {
  return createBackground({ backend: memoryBackend() }).router;
}

function errorOf(response: MessageResponse): { code: string; issues?: { path: string }[] } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as { code: string; issues?: { path: string }[] };
}

// Each message with a payload that breaks its schema, and the field the error must name.
const invalid: [string, Record<string, unknown>, string][] = [
  ['getState', { extra: 1 }, ''],
  ['signUp', { username: 'ada' }, 'password'],
  ['signUp', { username: '', password: PASSWORD }, 'username'],
  ['signUp', { username: 'ada', password: 42 }, 'password'],
  ['login', { password: PASSWORD }, 'username'],
  ['login', { username: 'x'.repeat(129), password: PASSWORD }, 'username'],
  ['login', { username: 'ada', password: PASSWORD, remember: true }, ''],
  ['login', { username: 'ada', password: PASSWORD, lookupKey: 'ab'.repeat(33) }, 'lookupKey'],
  ['login', { username: 'ada', password: PASSWORD, lookupKey: 'AB'.repeat(32) }, 'lookupKey'],
  ['login', { username: 'ada', password: PASSWORD, lookupKey: 7 }, 'lookupKey'],
  ['logout', { everywhere: true }, ''],
  ['changePassword', { oldPassword: PASSWORD }, 'newPassword'],
  ['changePassword', { oldPassword: '', newPassword: PASSWORD }, 'oldPassword'],
  ['getCatalogProfile', { address: '0x0' }, ''],
  ['searchCatalogUsers', { query: '   ' }, 'query'],
  ['searchCatalogUsers', {}, 'query'],
  ['settings.get', { key: 'backendUrl' }, ''],
  ['settings.set', { backendUrl: 'ftp://files.example' }, 'backendUrl'],
  ['settings.set', { catalogHostListUrl: 'nope' }, 'catalogHostListUrl'],
  ['settings.set', { appName: '' }, 'appName'],
  ['settings.set', { chainId: 5 }, 'chainId'],
  ['settings.set', { lockOnBrowserClose: 'yes' }, 'lockOnBrowserClose'],
  ['settings.set', { theme: 'dark' }, ''],
  ['sites.list', { all: true }, ''],
  ['sites.revoke', {}, 'origin'],
  ['sites.revoke', { origin: 7 }, 'origin'],
];

const coreTypes = [
  'getState',
  'signUp',
  'login',
  'logout',
  'changePassword',
  'getCatalogProfile',
  'searchCatalogUsers',
  'settings.get',
  'settings.set',
  'sites.list',
  'sites.revoke',
];

describe('core messages', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each(invalid)('%s rejects %j naming the bad field', async (type, payload, path) => {
    const error = errorOf(await setup().handle({ type, ...payload }, popup));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('answers none of them to a content script, whatever the payload', async () => {
    const router = setup();
    for (const type of coreTypes) {
      const payload = { type, username: 'ada', password: PASSWORD, origin: 'https://a.example' };
      expect(errorOf(await router.handle(payload, contentScript)).code).toBe('FORBIDDEN_SENDER');
    }
  });

  it('signs up, reports state with pending approvals, and logs out', async () => {
    const { router, approvals } = createBackground({ backend: memoryBackend() });
    // Two requests wait in the approval window; a log-in prompt is not counted.
    for (const origin of ['https://a.example', 'https://b.example']) {
      void approvals.request(origin, { kind: 'connect' }).catch(() => undefined);
    }
    void approvals
      .request('https://c.example', { kind: 'login', method: 'eth_requestAccounts' })
      .catch(() => undefined);
    const signedUp = await router.handle(
      { type: 'signUp', username: 'ada', password: PASSWORD },
      popupTab,
    );
    expect(signedUp).toEqual({
      ok: true,
      result: {
        loggedIn: true,
        address: expect.any(String),
        username: 'ada',
        pendingApprovals: 2,
        cachedProfile: null,
        sessionLost: false,
      },
    });
    const state = await router.handle({ type: 'getState' }, popup);
    expect(state).toEqual(signedUp);
    expect(await router.handle({ type: 'logout' }, popup)).toEqual({
      ok: true,
      result: {
        loggedIn: false,
        address: null,
        username: null,
        pendingApprovals: 2,
        cachedProfile: null,
        sessionLost: false,
      },
    });
  });

  it('logs in with the lookup key the popup derived', async () => {
    const router = setup();
    const signedUp = await router.handle(
      { type: 'signUp', username: 'ada', password: PASSWORD },
      popup,
    );
    await router.handle({ type: 'logout' }, popup);
    const lookupKey = await loginLookupKey('ada', PASSWORD);
    expect(
      await router.handle({ type: 'login', username: 'ada', password: PASSWORD, lookupKey }, popup),
    ).toEqual(signedUp);
  });

  it('answers wallet errors with their code: weak password, wrong password, logged out', async () => {
    const router = setup();
    const weak = errorOf(
      await router.handle({ type: 'signUp', username: 'ada', password: 'password123' }, popup),
    );
    expect(weak).toMatchObject({ code: 'WEAK_PASSWORD', message: expect.any(String) });
    const wrong = errorOf(
      await router.handle({ type: 'login', username: 'ada', password: PASSWORD }, popup),
    );
    expect(wrong.code).toBe('ACCOUNT_NOT_FOUND');
    expect(errorOf(await router.handle({ type: 'getCatalogProfile' }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
    expect(
      errorOf(
        await router.handle(
          { type: 'changePassword', oldPassword: PASSWORD, newPassword: `${PASSWORD}!` },
          popup,
        ),
      ).code,
    ).toBe('NOT_LOGGED_IN');
  });

  it('saves settings and moves the key when the lock setting changes', async () => {
    const router = setup();
    await router.handle({ type: 'signUp', username: 'ada', password: PASSWORD }, popup);
    const saved = await router.handle(
      { type: 'settings.set', lockOnBrowserClose: true, backendUrl: 'https://b.example/' },
      popup,
    );
    expect(saved).toMatchObject({
      ok: true,
      result: { lockOnBrowserClose: true, backendUrl: 'https://b.example' },
    });
    const local = await fakeBrowser.storage.local.get(null);
    const session = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(local).some((k) => k.startsWith('encore:wallet:'))).toBe(false);
    expect(Object.keys(session).some((k) => k.startsWith('encore:wallet:'))).toBe(true);
    expect(await router.handle({ type: 'settings.get' }, popup)).toEqual(saved);
  });

  it("lists the logged-in account's connected sites and revokes one", async () => {
    const router = setup();
    const signedUp = await router.handle(
      { type: 'signUp', username: 'ada', password: PASSWORD },
      popup,
    );
    const { address } = (signedUp as { result: { address: string } }).result;
    await connectSite(address, 'https://a.example');
    await connectSite(address, 'https://b.example');
    await connectSite(`0x${'ab'.repeat(20)}`, 'https://other-account.example');
    expect(
      await router.handle({ type: 'sites.revoke', origin: 'https://a.example' }, popup),
    ).toEqual({ ok: true, result: { revoked: true } });
    expect(await router.handle({ type: 'sites.list' }, popup)).toEqual({
      ok: true,
      result: [{ origin: 'https://b.example', connectedAt: expect.any(Number) }],
    });
    const bad = await router.handle({ type: 'sites.revoke', origin: 'https://a.example/x' }, popup);
    expect(errorOf(bad).code).toBe('INVALID_ORIGIN');
  });
});
