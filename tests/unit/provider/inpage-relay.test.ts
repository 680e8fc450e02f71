import { describe, expect, it } from 'vitest';
import type { ProviderRpcError, RuntimePort } from '../../../lib/extension/protocol/index.ts';
import { installProvider } from '../../../lib/extension/provider/index.ts';
import { startRelay } from '../../../lib/extension/relay/index.ts';
import { createFakeWindow, tick } from './support/fake-window.ts';

/** A runtime port whose far end is a test-controlled "background". */
function fakePort(
  answer: (message: { id: string; method: string; params?: unknown }, port: FakePort) => void,
) {
  const port: FakePort = {
    sent: [],
    messageListeners: [],
    disconnectListeners: [],
    postMessage(message: unknown) {
      const request = message as { id: string; method: string; params?: unknown };
      port.sent.push(request);
      answer(request, port);
    },
    onMessage: { addListener: (cb) => port.messageListeners.push(cb) },
    onDisconnect: { addListener: (cb) => port.disconnectListeners.push(cb) },
    push: (message) =>
      setTimeout(() => {
        for (const cb of port.messageListeners) cb(message);
      }),
    drop: () => {
      for (const cb of port.disconnectListeners) cb();
    },
  };
  return port;
}

interface FakePort extends RuntimePort {
  sent: { id: string; method: string; params?: unknown }[];
  messageListeners: ((message: unknown) => void)[];
  disconnectListeners: (() => void)[];
  push(message: unknown): void;
  drop(): void;
}

function setup(answer: Parameters<typeof fakePort>[0]) {
  const win = createFakeWindow();
  const ports: FakePort[] = [];
  const provider = installProvider(win);
  startRelay(win, () => {
    const port = fakePort(answer);
    ports.push(port);
    return port;
  });
  return { win, provider, ports };
}

describe('inpage provider through the relay', () => {
  it('answers requests with the background result and sets window.ethereum', async () => {
    const { win, provider } = setup((req, port) =>
      port.push({
        kind: 'response',
        id: req.id,
        result: req.method === 'eth_chainId' ? '0x1' : null,
      }),
    );
    expect(win.ethereum).toBe(provider);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
  });

  it('turns background errors into errors carrying the EIP-1193 code', async () => {
    const { provider } = setup((req, port) =>
      port.push({ kind: 'response', id: req.id, error: { code: 4100, message: 'Not connected' } }),
    );
    const error = (await provider
      .request({ method: 'personal_sign', params: [] })
      .catch((e) => e)) as ProviderRpcError;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(4100);
  });

  it('rejects malformed calls before they leave the page', async () => {
    const { provider, ports } = setup(() => {});
    const error = (await provider
      .request({ method: 'eth_accounts', params: 'x' as unknown as [] })
      .catch((e) => e)) as ProviderRpcError;
    expect(error.code).toBe(-32602);
    expect(ports).toHaveLength(0);
  });

  it('rejects in-flight requests with 4900 when the worker stops, then reconnects lazily', async () => {
    const { provider, ports } = setup((req, port) => {
      if (req.method === 'eth_chainId') port.push({ kind: 'response', id: req.id, result: '0x1' });
    });
    const waiting = provider.request({ method: 'eth_requestAccounts' });
    await tick();
    ports[0]?.drop();
    const error = (await waiting.catch((e) => e)) as ProviderRpcError;
    expect(error.code).toBe(4900);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(ports).toHaveLength(2);
  });

  it('catches up on missed events when the page regains focus after a worker restart', async () => {
    let accounts = ['0xabc'];
    const { win, provider, ports } = setup((req, port) => {
      port.push({ kind: 'event', event: 'state', data: { chainId: '0x1', accounts } });
      port.push({ kind: 'response', id: req.id, result: accounts });
    });
    const seen: unknown[] = [];
    provider.on('accountsChanged', (a) => seen.push(a));
    await provider.request({ method: 'eth_accounts' });
    await tick();
    ports[0]?.drop();
    win.dispatchEvent(new Event('focus'));
    expect(ports).toHaveLength(2);
    accounts = [];
    ports[1]?.push({ kind: 'event', event: 'state', data: { chainId: '0x1', accounts } });
    await tick();
    expect(seen).toEqual([['0xabc'], []]);
    win.dispatchEvent(new Event('focus')); // connected: nothing to do
    expect(ports).toHaveLength(2);
  });

  it('answers 4900 and emits disconnect when the extension context is gone', async () => {
    const win = createFakeWindow();
    const provider = installProvider(win);
    startRelay(win, () => {
      throw new Error('Extension context invalidated.');
    });
    const disconnects: unknown[] = [];
    provider.on('disconnect', (e) => disconnects.push(e));
    const error = (await provider
      .request({ method: 'eth_accounts' })
      .catch((e) => e)) as ProviderRpcError;
    expect(error.code).toBe(4900);
    await tick();
    expect(disconnects).toHaveLength(1);
  });

  it('emits connect, accountsChanged and chainChanged from pushed state and events', async () => {
    const { provider, ports } = setup((req, port) => {
      port.push({ kind: 'event', event: 'state', data: { chainId: '0x1', accounts: [] } });
      port.push({ kind: 'response', id: req.id, result: [] });
    });
    const seen: [string, unknown][] = [];
    for (const name of ['connect', 'accountsChanged', 'chainChanged']) {
      provider.on(name, (data) => seen.push([name, data]));
    }
    await provider.request({ method: 'eth_accounts' });
    await tick();
    const port = ports[0]!;
    port.push({ kind: 'event', event: 'accountsChanged', data: ['0xAbC'] });
    port.push({ kind: 'event', event: 'accountsChanged', data: ['0xabc'] }); // same account: no event
    port.push({ kind: 'event', event: 'chainChanged', data: '0xaa36a7' });
    port.push({ kind: 'event', event: 'accountsChanged', data: 'not-a-list' });
    await tick();
    expect(seen).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', ['0xAbC']],
      ['chainChanged', '0xaa36a7'],
    ]);
  });

  it('ignores a forged response posted by another window', async () => {
    const { win, provider } = setup(() => {});
    const result = provider.request({ method: 'eth_accounts' });
    let settled = false;
    result.then(() => (settled = true)).catch(() => (settled = true));
    await tick();
    win.deliverFrom({}, { target: 'encore-inpage', kind: 'response', id: 'x', result: ['0xevil'] });
    await tick();
    expect(settled).toBe(false);
  });

  it('keeps an existing window.ethereum and still announces itself through EIP-6963', async () => {
    const win = createFakeWindow();
    const other = { isOther: true };
    win.ethereum = other;
    const announced: { info: { name: string; rdns: string; uuid: string; icon: string } }[] = [];
    win.addEventListener('eip6963:announceProvider', (e) =>
      announced.push((e as CustomEvent).detail),
    );
    installProvider(win);
    expect(win.ethereum).toBe(other);
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
    expect(announced[0]?.info).toMatchObject({ name: 'Encore', rdns: 'app.encore.wallet' });
    expect(announced[0]?.info.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(announced[0]?.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(announced[1]).toBe(announced[0]);
  });
});
