import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { z } from 'zod';
import { createRouter, type MessageResponse } from '../../../lib/extension/messages/index.ts';
import {
  contentScript,
  lookalike,
  otherExtension,
  popup,
  popupTab,
  tablessPage,
} from './support/senders.ts';

function routerWithEcho() {
  const router = createRouter();
  router.register({
    type: 'secret',
    input: z.strictObject({ n: z.number() }),
    access: 'extension-page',
    handle: ({ n }) => ({ doubled: n * 2 }),
  });
  router.register({
    type: 'whoami',
    input: z.strictObject({ origin: z.string().optional() }),
    access: 'any',
    handle: (_input, ctx) => ({ origin: ctx.origin }),
  });
  router.register({
    type: 'boom',
    input: z.strictObject({}),
    access: 'any',
    handle: () => {
      throw new Error('database password is hunter2');
    },
  });
  return router;
}

describe('message router', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers extension pages, including the popup opened as a tab', async () => {
    const router = routerWithEcho();
    for (const sender of [popup, popupTab]) {
      expect(await router.handle({ type: 'secret', n: 21 }, sender)).toEqual({
        ok: true,
        result: { doubled: 42 },
      });
    }
  });

  it('refuses extension-page messages from pages, content scripts and other extensions', async () => {
    const router = routerWithEcho();
    for (const sender of [contentScript, tablessPage, otherExtension, lookalike]) {
      const response = await router.handle({ type: 'secret', n: 1 }, sender);
      expect(response).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'FORBIDDEN_SENDER' }),
      });
    }
  });

  it('takes the origin from the sender, never from the payload', async () => {
    const router = routerWithEcho();
    expect(
      await router.handle({ type: 'whoami', origin: 'https://bank.example' }, contentScript),
    ).toEqual({ ok: true, result: { origin: 'https://music.example' } });
  });

  it('names the bad field of an invalid payload', async () => {
    const router = routerWithEcho();
    const response = await router.handle({ type: 'secret', n: 'two' }, popup);
    expect(response.ok).toBe(false);
    const { error } = response as Extract<MessageResponse, { ok: false }>;
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues).toEqual([expect.objectContaining({ path: 'n' })]);
    const extra = await router.handle({ type: 'secret', n: 1, admin: true }, popup);
    expect((extra as Extract<MessageResponse, { ok: false }>).error.code).toBe('INVALID_INPUT');
  });

  it('answers unknown and malformed requests with UNKNOWN_MESSAGE', async () => {
    const router = routerWithEcho();
    for (const message of [{ type: 'nope' }, null, 'getState', [1], { kind: 'secret' }]) {
      const response = await router.handle(message, popup);
      expect((response as Extract<MessageResponse, { ok: false }>).error.code).toBe(
        'UNKNOWN_MESSAGE',
      );
    }
  });

  it('hides the details of unexpected failures', async () => {
    const router = routerWithEcho();
    const response = await router.handle({ type: 'boom' }, popup);
    expect(response).toEqual({
      ok: false,
      error: {
        name: 'InternalError',
        code: 'INTERNAL',
        message: 'Something went wrong inside the extension',
        shortMessage: 'Something went wrong inside the extension',
      },
    });
  });

  it('refuses to register one type twice', () => {
    const router = routerWithEcho();
    expect(() =>
      router.register({ type: 'boom', input: z.object({}), access: 'any', handle: () => 1 }),
    ).toThrow(/twice/);
  });

  it('answers runtime.onMessage through sendResponse and keeps the channel open', async () => {
    const router = routerWithEcho();
    const stop = router.listen();
    const onMessage = fakeBrowser.runtime.onMessage as unknown as {
      trigger: (...args: unknown[]) => Promise<unknown[]>;
    };
    let respond: (value: unknown) => void = () => {};
    const answer = new Promise<unknown>((resolve) => {
      respond = resolve;
    });
    // `true` tells the browser an answer will come later through sendResponse.
    expect(await onMessage.trigger({ type: 'secret', n: 2 }, popup, respond)).toEqual([true]);
    expect(await answer).toEqual({ ok: true, result: { doubled: 4 } });
    stop();
    expect(await onMessage.trigger({ type: 'secret', n: 2 }, popup, respond)).toEqual([]);
  });

  it('times each registered type with one measure, and a page cannot add measures of its own', async () => {
    const router = routerWithEcho();
    const measures = (prefix: string) =>
      performance.getEntriesByType('measure').filter((e) => e.name.startsWith(prefix));
    for (let i = 0; i < 200; i++) {
      await router.handle({ type: `flood-${i}` }, contentScript);
      await router.handle({ type: 'whoami' }, contentScript);
    }
    expect(measures('encore:message:flood')).toEqual([]);
    // One entry per name, however many messages came: the buffer cannot grow without bound.
    expect(
      measures('encore:message:whoami')
        .map((e) => e.name)
        .sort(),
    ).toEqual(['encore:message:whoami', 'encore:message:whoami:wait-ready']);
  });
});

describe('the worker’s own messages', () => {
  // A content script (any page, through a compromised renderer) can send runtime messages; the
  // relay itself uses only its provider port. So no handler of the worker may answer one.
  it('none answers a content script: every one is for extension pages, secrets for the popup', async () => {
    const { messageHandlers } = await import('../../../lib/extension/messages/index.ts');
    const handlers = messageHandlers({} as Parameters<typeof messageHandlers>[0]);
    expect(handlers.length).toBeGreaterThan(10);
    for (const handler of handlers) expect(handler.access, handler.type).not.toBe('any');
    const popupOnly = handlers.filter((h) => h.access === 'popup').map((h) => h.type);
    expect(popupOnly.sort()).toEqual([
      'clipboard.guard',
      'loginFormat',
      'loginStrongMaster',
      'move.outcome',
      'move.prepare',
      'move.send',
      'permissions.list',
      'permissions.overview',
      'permissions.revoke',
      'recoveryPhrase.markKept',
      'revealPrivateKey',
      'revealRecoveryPhrase',
      'strengthen',
    ]);
    const router = createRouter({ handlers });
    for (const handler of handlers) {
      const response = await router.handle({ type: handler.type }, contentScript);
      expect(response).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });
});
