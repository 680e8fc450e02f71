// Page side of the page <-> relay channel, opened by the page's first request. Requests wait until
// the relay says it is ready (it may start after this script), then travel as `request`
// envelopes; answers and pushed events come back as `response` / `event` envelopes.

import {
  ProviderRpcError,
  RELAY_READY_EVENT,
  RELAY_TARGET,
  readToInpage,
  type ToRelay,
} from '../protocol/index.ts';

export interface PageChannel {
  send(method: string, params: unknown): Promise<unknown>;
  onEvent(listener: (event: string, data: unknown) => void): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export function createPageChannel(win: Window): PageChannel {
  const pending = new Map<string, Pending>();
  const eventListeners: ((event: string, data: unknown) => void)[] = [];
  let queue: ToRelay[] | null = [];
  let started = false;
  // Ids only need to be unique within this page; the prefix keeps two providers apart.
  const prefix = Math.random().toString(36).slice(2, 10);
  let counter = 0;

  const flush = (): void => {
    const waiting = queue;
    queue = null;
    win.removeEventListener(RELAY_READY_EVENT, flush);
    for (const queued of waiting ?? []) win.postMessage(queued, '*');
  };

  const onMessage = (event: MessageEvent): void => {
    const message = readToInpage(event, win);
    if (!message) return;
    if (message.kind === 'ready') flush();
    else if (message.kind === 'response') {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.error) {
        const { code, message: text, data } = message.error;
        entry.reject(new ProviderRpcError(code, text, data));
      } else entry.resolve(message.result);
    } else {
      for (const listener of eventListeners) listener(message.event, message.data);
    }
  };

  // Nothing happens on the page until it first asks for something: no listener, no message
  // (events only ever follow a request, which opens the relay's port).
  const start = (): void => {
    started = true;
    win.addEventListener('message', onMessage);
    // The relay may already be listening (then it answers `ready`) or may start later (then it
    // says so with RELAY_READY_EVENT).
    win.addEventListener(RELAY_READY_EVENT, flush);
    win.postMessage({ target: RELAY_TARGET, kind: 'hello' } satisfies ToRelay, '*');
  };

  const post = (message: ToRelay): void => {
    if (!started) start();
    if (queue) queue.push(message);
    else win.postMessage(message, '*');
  };

  return {
    send(method: string, params: unknown): Promise<unknown> {
      counter += 1;
      const id = `${prefix}-${counter}`;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ target: RELAY_TARGET, kind: 'request', id, method, params });
      });
    },
    onEvent(listener: (event: string, data: unknown) => void): void {
      eventListeners.push(listener);
    },
  };
}
