// One background worker as entrypoints/background.ts wires it (createBackground) over WXT's fake
// browser, with sites that talk to it through provider ports and a person who
// answers the approval window through its messages. A second call is a restarted worker: only
// storage carries over.

import type { BackendFns } from '@encore-wallet/backend-client';
import { fakeBrowser } from 'wxt/testing';
import { createBackground } from '../../../../lib/extension/background/index.ts';
import type { MessageMap, Router } from '../../../../lib/extension/messages/index.ts';
import { PROVIDER_PORT_NAME } from '../../../../lib/extension/protocol/index.ts';
import type { WalletSession } from '../../../../lib/extension/session/index.ts';
import type { WalletSealer } from '../../../../lib/extension/storage/index.ts';
import { popup } from './senders.ts';

export interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

export interface SitePort {
  origin: string;
  request(method: string, params?: unknown): Promise<RpcAnswer>;
  /** Every `data` the site received for this event, in order. */
  events(name: string): unknown[];
}

export interface TestWorker {
  router: Router;
  session: WalletSession;
  send<T extends keyof MessageMap>(
    type: T,
    payload?: MessageMap[T]['input'],
  ): Promise<MessageMap[T]['result']>;
  openSite(origin: string): SitePort;
  /** Waits for the next approval request and answers it as the person would. */
  answerNext(approved: boolean): Promise<void>;
}

type ConnectListener = (port: unknown) => void;

/** Polls until `read` gives a value (storage and ports settle over a few ticks). */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 2000; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('the condition never held');
}

/** `options.sealer`: seal storage.local as the Firefox build does (see ./sealing.ts). */
export function startTestWorker(
  backend: BackendFns,
  options: { sealer?: WalletSealer | null } = {},
): TestWorker {
  const listeners: ConnectListener[] = [];
  // WXT's fake browser has no runtime.onConnect; this worker's listeners replace the last one's.
  (fakeBrowser.runtime as unknown as { onConnect: unknown }).onConnect = {
    addListener: (cb: ConnectListener) => listeners.push(cb),
    removeListener: () => undefined,
    hasListener: () => false,
  };
  const { router, session, listen } = createBackground({ backend, sealer: options.sealer });
  listen();

  const send: TestWorker['send'] = async (type, payload) => {
    const response = await router.handle({ type, ...(payload ?? {}) }, popup);
    if (!response.ok) throw Object.assign(new Error(response.error.message), response.error);
    return response.result as never;
  };

  return {
    router,
    session,
    send,
    openSite(origin) {
      const handlers: ((message: unknown) => void)[] = [];
      const received: (RpcAnswer & {
        kind: string;
        id?: string;
        event?: string;
        data?: unknown;
      })[] = [];
      const port = {
        name: PROVIDER_PORT_NAME,
        sender: { id: 'test-extension-id', url: `${origin}/`, origin, tab: { id: 1 }, frameId: 0 },
        postMessage: (message: (typeof received)[number]) => received.push(message),
        onMessage: { addListener: (cb: (message: unknown) => void) => handlers.push(cb) },
        onDisconnect: { addListener: () => undefined },
        disconnect: () => undefined,
      };
      for (const listener of listeners) listener(port);
      let next = 0;
      return {
        origin,
        async request(method, params) {
          next += 1;
          const id = String(next);
          for (const handler of handlers) handler({ kind: 'request', id, method, params });
          return until(() => received.find((m) => m.kind === 'response' && m.id === id));
        },
        events: (name) =>
          received.filter((m) => m.kind === 'event' && m.event === name).map((m) => m.data),
      };
    },
    async answerNext(approved) {
      const item = await until(async () => (await send('approval.list', {})).items[0]);
      await send('approval.resolve', { id: item.id, approved });
    },
  };
}
