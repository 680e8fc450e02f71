// The older provider surface pages and libraries still call (web3.js, ethers v5, old wagmi):
// isConnected, once, off, enable, send in both forms, sendAsync, chainId, selectedAddress,
// networkVersion and the networkChanged event. Each is a wrapper over request(), so the worker
// decides exactly as it does for request().

import { describe, expect, it } from 'vitest';
import type { RuntimePort } from '../../../lib/extension/protocol/index.ts';
import { installProvider } from '../../../lib/extension/provider/index.ts';
import { startRelay } from '../../../lib/extension/relay/index.ts';
import { createFakeWindow, tick } from './support/fake-window.ts';

type Request = { id: string; method: string; params?: unknown };

/** A background that answers every request from `answers` and pushes `state` first. */
function setup(answers: Record<string, unknown>) {
  const win = createFakeWindow();
  const provider = installProvider(win);
  const sent: Request[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const disconnects: (() => void)[] = [];
  const push = (message: unknown) =>
    setTimeout(() => {
      for (const cb of listeners) cb(message);
    });
  let state = { chainId: '0x1', accounts: ['0xabc'] };
  const port: RuntimePort = {
    postMessage(message: unknown) {
      const request = message as Request;
      sent.push(request);
      push({ kind: 'event', event: 'state', data: state });
      if (Object.hasOwn(answers, request.method)) {
        push({ kind: 'response', id: request.id, result: answers[request.method] });
      } else {
        push({
          kind: 'response',
          id: request.id,
          error: { code: 4200, message: `no ${request.method}` },
        });
      }
    },
    onMessage: { addListener: (cb) => listeners.push(cb) },
    onDisconnect: { addListener: (cb) => disconnects.push(cb) },
  } as RuntimePort;
  startRelay(win, () => port);
  return {
    provider,
    sent,
    push,
    setState: (next: typeof state) => {
      state = next;
    },
    drop: () => {
      for (const cb of disconnects) cb();
    },
  };
}

describe('legacy provider surface', () => {
  it('enable() is eth_requestAccounts; chainId, networkVersion and selectedAddress follow state', async () => {
    const { provider, sent } = setup({ eth_requestAccounts: ['0xabc'] });
    expect(provider.chainId).toBeNull();
    expect(provider.selectedAddress).toBeNull();
    await expect(provider.enable()).resolves.toEqual(['0xabc']);
    await tick();
    expect(sent.map((r) => r.method)).toEqual(['eth_requestAccounts']);
    expect(provider.chainId).toBe('0x1');
    expect(provider.networkVersion).toBe('1');
    expect(provider.selectedAddress).toBe('0xabc');
    expect(provider.isConnected()).toBe(true);
  });

  it('send(method, params) returns a promise of the result; send(payload, cb) and sendAsync call back JSON-RPC', async () => {
    const { provider, sent } = setup({ eth_chainId: '0x1', net_version: '1' });
    await expect(provider.send('eth_chainId', [])).resolves.toBe('0x1');
    const viaSend = await new Promise((resolve) => {
      provider.send({ id: 7, jsonrpc: '2.0', method: 'net_version' }, (error, response) =>
        resolve({ error, response }),
      );
    });
    expect(viaSend).toEqual({ error: null, response: { id: 7, jsonrpc: '2.0', result: '1' } });
    const failed = await new Promise<{ error: unknown; response: unknown }>((resolve) => {
      provider.sendAsync({ id: 'a', method: 'eth_nothing', params: [] }, (error, response) =>
        resolve({ error, response }),
      );
    });
    expect(failed.error).toMatchObject({ code: 4200 });
    expect(failed.response).toEqual({
      id: 'a',
      jsonrpc: '2.0',
      error: { code: 4200, message: 'no eth_nothing', data: undefined },
    });
    const batch = await new Promise((resolve) => {
      provider.sendAsync(
        [
          { id: 1, method: 'eth_chainId' },
          { id: 2, method: 'net_version' },
        ],
        (_error, response) => resolve(response),
      );
    });
    expect(batch).toEqual([
      { id: 1, jsonrpc: '2.0', result: '0x1' },
      { id: 2, jsonrpc: '2.0', result: '1' },
    ]);
    // Every legacy call went through request(): the worker saw the same methods.
    expect(sent.map((r) => r.method)).toEqual([
      'eth_chainId',
      'net_version',
      'eth_nothing',
      'eth_chainId',
      'net_version',
    ]);
  });

  it('once() hears one event; off() removes listeners, also ones added with once()', async () => {
    const { provider, push } = setup({ eth_chainId: '0x1' });
    const heard: unknown[] = [];
    const never: unknown[] = [];
    const listener = (chain: unknown) => never.push(chain);
    provider.once('chainChanged', (chain) => heard.push(chain));
    provider.on('chainChanged', listener).off('chainChanged', listener);
    provider.once('chainChanged', listener);
    provider.off('chainChanged', listener);
    await provider.request({ method: 'eth_chainId' });
    await tick();
    push({ kind: 'event', event: 'chainChanged', data: '0xaa36a7' });
    await tick();
    push({ kind: 'event', event: 'chainChanged', data: '0x1' });
    await tick();
    expect(heard).toEqual(['0xaa36a7']);
    expect(never).toEqual([]);
  });

  it('networkChanged (decimal) follows chainChanged (hex); isConnected() is false after disconnect', async () => {
    const { provider, push } = setup({ eth_chainId: '0x1' });
    const events: unknown[] = [];
    provider.on('chainChanged', (c) => events.push(['chainChanged', c]));
    provider.on('networkChanged', (n) => events.push(['networkChanged', n]));
    await provider.request({ method: 'eth_chainId' });
    await tick();
    push({ kind: 'event', event: 'chainChanged', data: '0xaa36a7' });
    await tick();
    expect(events).toEqual([
      ['chainChanged', '0xaa36a7'],
      ['networkChanged', '11155111'],
    ]);
    expect(provider.chainId).toBe('0xaa36a7');
    push({ kind: 'event', event: 'disconnect' });
    await tick();
    expect(provider.isConnected()).toBe(false);
    expect(provider.chainId).toBeNull();
  });
});
