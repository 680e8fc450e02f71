// The popup's wallet state from two sources: the session snapshot read from storage shows the
// logged-in person until the worker answers, and the worker's answer always has the last word.
// An answer equal to the snapshot leaves the page as it is (the same state object, no render).
// Rendered into a linkedom document with Preact.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletState } from '../../../entrypoints/popup/components/api.ts';
import { useWalletState } from '../../../entrypoints/popup/components/use-wallet-state.ts';
import type { AsyncState } from '../../../lib/extension/ui/index.ts';

const ADDRESS = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

const SNAPSHOT: WalletState = {
  loggedIn: true,
  address: ADDRESS,
  username: 'ada',
  pendingApprovals: 0,
  cachedProfile: null,
  sessionLost: false,
};

const LOGGED_OUT: WalletState = {
  loggedIn: false,
  address: null,
  username: null,
  pendingApprovals: 0,
  cachedProfile: null,
  sessionLost: true,
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

let root: Element;

beforeEach(() => {
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  vi.stubGlobal('document', document);
  root = document.getElementById('app') as Element;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

/**
 * Renders the hook over the two sources and records every state it rendered. `current` names
 * the sources a later run (reload) takes; by default the first ones.
 */
function mount(
  worker: Deferred<WalletState>,
  snapshot: Deferred<WalletState | null>,
  current = () => ({ worker, snapshot }),
) {
  const seen: AsyncState<WalletState>[] = [];
  let set: (value: WalletState) => void = () => undefined;
  let reload: () => void = () => undefined;
  function Probe(): null {
    const [state, again, assign] = useWalletState(
      () => current().worker.promise,
      () => current().snapshot.promise,
    );
    seen.push(state);
    set = assign;
    reload = again;
    return null;
  }
  render(h(Probe, null), root);
  return {
    seen,
    last: (): AsyncState<WalletState> | undefined => seen.at(-1),
    set: (value: WalletState) => set(value),
    reload: () => reload(),
  };
}

const value = (state: AsyncState<WalletState> | undefined): WalletState | undefined =>
  state?.status === 'done' ? state.value : undefined;

describe('useWalletState', () => {
  it('shows the snapshot while the worker is slow, then the worker’s answer', async () => {
    const worker = deferred<WalletState>();
    const snapshot = deferred<WalletState | null>();
    const page = mount(worker, snapshot);
    expect(page.last()).toEqual({ status: 'loading' });

    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));

    const answer = { ...SNAPSHOT, pendingApprovals: 2 };
    worker.resolve(answer);
    await vi.waitFor(() => expect(value(page.last())).toBe(answer));
  });

  it('keeps the snapshot’s state, unrendered, when the worker answers the same', async () => {
    const worker = deferred<WalletState>();
    const snapshot = deferred<WalletState | null>();
    const page = mount(worker, snapshot);
    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
    const renders = page.seen.length;

    // Equal data, another object and another field order, as it comes out of a message.
    const { cachedProfile, sessionLost, ...rest } = SNAPSHOT;
    worker.resolve({ sessionLost, cachedProfile, ...rest });
    await worker.promise;
    await new Promise((r) => setTimeout(r, 10));
    expect(page.seen.length).toBe(renders);
    expect(value(page.last())).toBe(SNAPSHOT);
  });

  it('switches to the worker’s "logged out" after showing the snapshot', async () => {
    const worker = deferred<WalletState>();
    const snapshot = deferred<WalletState | null>();
    const page = mount(worker, snapshot);
    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
    worker.resolve(LOGGED_OUT);
    await vi.waitFor(() => expect(value(page.last())).toBe(LOGGED_OUT));
  });

  it('ignores a snapshot that comes after the worker’s answer', async () => {
    const worker = deferred<WalletState>();
    const snapshot = deferred<WalletState | null>();
    const page = mount(worker, snapshot);
    worker.resolve(LOGGED_OUT);
    await vi.waitFor(() => expect(value(page.last())).toBe(LOGGED_OUT));
    snapshot.resolve(SNAPSHOT);
    await snapshot.promise;
    await new Promise((r) => setTimeout(r, 10));
    expect(value(page.last())).toBe(LOGGED_OUT);
  });

  it('waits for the worker when storage has no snapshot, or its read fails', async () => {
    for (const read of [
      (s: Deferred<WalletState | null>) => s.resolve(null),
      (s: Deferred<WalletState | null>) => s.reject(new Error('storage unavailable')),
    ]) {
      const worker = deferred<WalletState>();
      const snapshot = deferred<WalletState | null>();
      const page = mount(worker, snapshot);
      read(snapshot);
      await snapshot.promise.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 10));
      expect(page.last()).toEqual({ status: 'loading' });
      worker.resolve(SNAPSHOT);
      await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
      render(null, root);
    }
  });

  it('shows the worker’s failure even after the snapshot; "Try again" asks both again', async () => {
    let worker = deferred<WalletState>();
    let snapshot = deferred<WalletState | null>();
    // Each run takes the deferreds these variables hold when it starts.
    const page = mount(worker, snapshot, () => ({ worker, snapshot }));
    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
    const failure = new Error('no answer');
    worker.reject(failure);
    await vi.waitFor(() => expect(page.last()).toEqual({ status: 'error', error: failure }));

    worker = deferred<WalletState>();
    snapshot = deferred<WalletState | null>();
    page.reload();
    await vi.waitFor(() => expect(page.last()).toEqual({ status: 'loading' }));
    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
    worker.resolve(LOGGED_OUT);
    await vi.waitFor(() => expect(value(page.last())).toBe(LOGGED_OUT));
  });

  it('drops both answers once a login or logout set the state', async () => {
    const worker = deferred<WalletState>();
    const snapshot = deferred<WalletState | null>();
    const page = mount(worker, snapshot);
    snapshot.resolve(SNAPSHOT);
    await vi.waitFor(() => expect(value(page.last())).toBe(SNAPSHOT));
    // Logged out from the snapshot's view before the worker's getState answered.
    const afterLogout = { ...LOGGED_OUT, sessionLost: false };
    page.set(afterLogout);
    worker.resolve(SNAPSHOT);
    await worker.promise;
    await new Promise((r) => setTimeout(r, 10));
    expect(value(page.last())).toBe(afterLogout);
  });
});
