// A page that never uses the wallet does not notice Encore beyond window.ethereum and EIP-6963:
// no message reaches its listeners, no port wakes the worker, no timer runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimePort } from '../../../lib/extension/protocol/index.ts';
import { installProvider } from '../../../lib/extension/provider/index.ts';
import { startRelay } from '../../../lib/extension/relay/index.ts';
import { createFakeWindow, tick } from './support/fake-window.ts';

afterEach(() => vi.restoreAllMocks());

function answeringPort(): RuntimePort & { sent: unknown[] } {
  const listeners: ((message: unknown) => void)[] = [];
  return {
    sent: [],
    postMessage(message) {
      this.sent.push(message);
      const { id } = message as { id: string };
      setTimeout(() => {
        for (const cb of listeners) cb({ kind: 'response', id, result: '0x1' });
      });
    },
    onMessage: { addListener: (cb) => listeners.push(cb) },
    onDisconnect: { addListener: () => undefined },
  };
}

describe('a page that does not ask', () => {
  it('hears no message, wakes no worker and starts no timer', async () => {
    const win = createFakeWindow();
    const heard: unknown[] = [];
    win.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
    const listened: string[] = [];
    const addEventListener = win.addEventListener.bind(win);
    win.addEventListener = (type: string, ...rest: [EventListener]) => {
      listened.push(type);
      addEventListener(type, ...rest);
    };
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const connect = vi.fn(answeringPort);

    installProvider(win);
    startRelay(win, connect);
    expect(timers).not.toHaveBeenCalled();
    await tick();

    expect(heard).toEqual([]);
    expect(connect).not.toHaveBeenCalled();
    // EIP-6963's rediscovery, and the relay waiting for a first request: nothing else.
    expect(listened.sort()).toEqual(['eip6963:requestProvider', 'message']);
  });
});

describe('a page that asks', () => {
  it('is answered when the relay starts after its request', async () => {
    const win = createFakeWindow();
    const provider = installProvider(win);
    const answer = provider.request({ method: 'eth_chainId' });
    await tick();
    const port = answeringPort();
    startRelay(win, () => port);
    await expect(answer).resolves.toBe('0x1');
    expect(port.sent).toHaveLength(1);
  });

  it('is answered when the relay was there first', async () => {
    const win = createFakeWindow();
    const provider = installProvider(win);
    startRelay(win, answeringPort);
    await tick();
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
  });
});
