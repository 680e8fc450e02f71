// Isolated-world relay: forwards page requests to the background over a runtime port and the
// background's answers and events back to the page. Until the page asks, it only listens: no
// port (no worker wake-up), no message to the page, no timer. When the port drops because the
// worker stopped, it answers every request still in flight with 4900 so nothing on the page
// waits forever.

import {
  INPAGE_TARGET,
  type PortRequest,
  RELAY_READY_EVENT,
  type RpcErrorShape,
  type RuntimePort,
  readPortAnswer,
  readToRelay,
  type ToInpage,
} from '../protocol/index.ts';

const DISCONNECTED: RpcErrorShape = {
  code: 4900,
  message: 'Encore restarted while this request was in flight; please try again.',
};
const UNAVAILABLE: RpcErrorShape = {
  code: 4900,
  message: 'Encore is unavailable (the extension was reloaded or removed); reload the page.',
};

export function startRelay(win: Window, connect: () => RuntimePort): void {
  let port: RuntimePort | null = null;
  let hadPort = false;
  const inFlight = new Set<string>();

  const toPage = (message: ToInpage): void => win.postMessage(message, '*');
  const fail = (id: string, error: RpcErrorShape): void =>
    toPage({ target: INPAGE_TARGET, kind: 'response', id, error });

  const openPort = (): RuntimePort | null => {
    if (port) return port;
    let opened: RuntimePort;
    try {
      opened = connect();
    } catch {
      return null;
    }
    opened.onMessage.addListener((raw) => {
      const message = readPortAnswer(raw);
      if (message?.kind === 'response') {
        if (!inFlight.delete(message.id)) return;
        toPage({ target: INPAGE_TARGET, ...message });
      } else if (message?.kind === 'event') {
        toPage({ target: INPAGE_TARGET, ...message });
      }
    });
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = null;
      for (const id of inFlight) fail(id, DISCONNECTED);
      inFlight.clear();
    });
    port = opened;
    if (!hadPort) {
      hadPort = true;
      win.addEventListener('focus', catchUp);
      win.document?.addEventListener('visibilitychange', catchUp);
    }
    return opened;
  };

  // Events sent while the worker was stopped never reached this page. Rather than keep the worker
  // awake, catch up when the person comes back to the tab: reconnecting makes the background send
  // its current state, from which the provider emits whatever changed (e.g. accountsChanged([])).
  // Listened for only once the page has used the wallet.
  const catchUp = (): void => {
    if (!port && win.document?.visibilityState !== 'hidden') openPort();
  };

  win.addEventListener('message', (event: MessageEvent) => {
    const message = readToRelay(event, win);
    if (!message) return;
    if (message.kind === 'hello') {
      toPage({ target: INPAGE_TARGET, kind: 'ready' });
      return;
    }
    const target = openPort();
    if (!target) {
      fail(message.id, UNAVAILABLE);
      toPage({ target: INPAGE_TARGET, kind: 'event', event: 'disconnect', data: null });
      return;
    }
    inFlight.add(message.id);
    try {
      const request: PortRequest = {
        kind: 'request',
        id: message.id,
        method: message.method,
        params: message.params,
      };
      target.postMessage(request);
    } catch {
      // Posting on a port whose worker just died throws; treat it like the disconnect it is.
      inFlight.delete(message.id);
      port = null;
      fail(message.id, DISCONNECTED);
    }
  });
  // For a page that asked before this script ran; a page that never asks notices nothing.
  win.dispatchEvent(new Event(RELAY_READY_EVENT));
}
