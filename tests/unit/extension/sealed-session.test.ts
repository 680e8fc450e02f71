// The wallet session in the Firefox build's layout: storage.local readable by content scripts, so
// what the session keeps there is sealed under a key in the extension's IndexedDB (here: memory).
// A person stays logged in across browser restarts; what a content script can read or write in
// storage.local never yields the entropy and never logs anyone in; a lost key logs out cleanly.

import { WalletManager } from '@encore-wallet/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createWalletSealer, isSealedValue } from '../../../lib/extension/storage/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { type MemoryKeyStore, memoryKeyStore } from './support/sealing.ts';
import { startTestWorker, type TestWorker } from './support/worker.ts';

const PASSWORD = 'violet tram plays 7 encores';
const ENTROPY_KEY = 'encore:wallet:hedgehog-entropy-key';
/** What a content script can write: the sealed shape, opening under no key the extension holds. */
const FORGED = { sealed: 'AES-GCM', iv: 'A'.repeat(16), data: 'B'.repeat(44) };

let keys: MemoryKeyStore;
let backend: ReturnType<typeof memoryBackend>;

/** A (re)started Firefox worker: a new context over the same storage and IndexedDB key. */
function firefoxWorker(): TestWorker {
  return startTestWorker(backend, { sealer: createWalletSealer(keys) });
}

async function walletValues(area: 'local' | 'session'): Promise<Record<string, unknown>> {
  const all = await fakeBrowser.storage[area].get(null);
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => key.startsWith('encore:wallet:')),
  );
}

/** What the popup keeps of the worker's answer (the worker opened the entropy to derive it). */
async function signedUp(worker: TestWorker): Promise<{ address: string; entropy: string }> {
  const { address } = await worker.send('signUp', { username: 'ada', password: PASSWORD });
  const wallet = await worker.session.getWallet();
  const entropy = (wallet?.mnemonic?.entropy ?? '').replace(/^0x/, '');
  if (!address || !entropy) throw new Error('no wallet');
  return { address, entropy };
}

describe('the wallet session with storage.local sealed (Firefox)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    keys = memoryKeyStore();
    backend = memoryBackend();
  });

  it('stays logged in across a browser restart, with only sealed values in storage.local', async () => {
    const { address, entropy } = await signedUp(firefoxWorker());
    const local = await walletValues('local');
    expect(Object.keys(local).sort()).toEqual([
      ENTROPY_KEY,
      'encore:wallet:snapshot',
      'encore:wallet:username',
    ]);
    expect(Object.values(local).every(isSealedValue)).toBe(true);
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain(entropy);
    expect(everything).not.toContain('"ada"');
    expect(await walletValues('session')).toEqual({});

    // The browser restarts: storage.session is gone, storage.local and the key are kept.
    await fakeBrowser.storage.session.clear();
    const after = firefoxWorker();
    expect(await after.send('getState', {})).toMatchObject({
      loggedIn: true,
      address,
      username: 'ada',
      sessionLost: false,
    });
    expect((await after.session.getWallet())?.address).toBe(address);
  });

  it('logs out cleanly, and says so, when the key is gone', async () => {
    await signedUp(firefoxWorker());
    keys.wipe();
    await fakeBrowser.storage.session.clear();
    const after = firefoxWorker();
    expect(await after.send('getState', {})).toMatchObject({
      loggedIn: false,
      address: null,
      sessionLost: true,
    });
    // The ciphertext nobody can open is gone, and so is anything else of the session.
    expect(await walletValues('local')).toEqual({});
    expect(await walletValues('session')).toEqual({});
    // A worker restart still tells the person why they are out…
    expect((await firefoxWorker().send('getState', {})).sessionLost).toBe(true);
    // …until they log in again, which works as on a new browser.
    const back = firefoxWorker();
    const state = await back.send('login', { username: 'ada', password: PASSWORD });
    expect(state).toMatchObject({ loggedIn: true, sessionLost: false });
    expect((await firefoxWorker().send('getState', {})).sessionLost).toBe(false);
    expect(Object.values(await walletValues('local')).every(isSealedValue)).toBe(true);
  });

  it('logs out cleanly when a sealed value was changed (a content script wrote it)', async () => {
    await signedUp(firefoxWorker());
    const stored = (await fakeBrowser.storage.local.get(ENTROPY_KEY))[ENTROPY_KEY] as {
      data: string;
    };
    await fakeBrowser.storage.local.set({
      [ENTROPY_KEY]: { ...stored, data: `${stored.data.slice(0, -4)}AAA=` },
    });
    const after = firefoxWorker();
    expect(await after.send('getState', {})).toMatchObject({ loggedIn: false, sessionLost: true });
    expect(await walletValues('local')).toEqual({});
  });

  it('never takes a plain entropy a content script planted in storage.local', async () => {
    const planted = 'ab'.repeat(16);
    const attacker = WalletManager.walletFromEntropy(planted).address;
    for (const lock of [false, true]) {
      fakeBrowser.reset();
      await fakeBrowser.storage.local.set({
        'encore:schema-version': 3,
        'encore:settings': { lockOnBrowserClose: lock },
        [ENTROPY_KEY]: planted,
        'encore:wallet:username': 'mallory',
      });
      const worker = firefoxWorker();
      const state = await worker.send('getState', {});
      expect(state).toMatchObject({ loggedIn: false, address: null });
      expect(state.address).not.toBe(attacker);
      // Not moved into storage.session either (where the lock setting would read it).
      expect(await walletValues('session')).toEqual({});
    }
  });

  it('opens no copy of an earlier session once logged out (the key is made anew)', async () => {
    const first = firefoxWorker();
    const { address } = await signedUp(first);
    const copy = await walletValues('local');
    await first.send('logout', {});
    expect(keys.stored()).toBeNull();
    await first.send('login', { username: 'ada', password: PASSWORD });
    // A content script puts the earlier ciphertext back: it does not open under the new key.
    await fakeBrowser.storage.local.set(copy);
    const after = firefoxWorker();
    expect(await after.send('getState', {})).toMatchObject({ loggedIn: false, sessionLost: true });
    expect(address).toBeTruthy();
  });

  it('attack: an earlier account put back after a login over it (no logout) never opens', async () => {
    const worker = firefoxWorker();
    const ada = await signedUp(worker);
    const copy = await walletValues('local');
    // A log-in form still open elsewhere (the popup page in a tab) logs in over the session.
    const bob = await worker.send('signUp', { username: 'bob', password: PASSWORD });
    expect(bob.address).not.toBe(ada.address);
    // A content script puts ada's entropy, username and snapshot back.
    await fakeBrowser.storage.local.set(copy);
    const state = await firefoxWorker().send('getState', {});
    expect(state.address).not.toBe(ada.address);
    expect(state).toMatchObject({ loggedIn: false, sessionLost: true });
  });

  it('attack: an earlier account put back after its entropy was removed never opens', async () => {
    const ada = await signedUp(firefoxWorker());
    const copy = await walletValues('local');
    // A content script removes the entropy: the next start finds nobody logged in, with no
    // logout (the key stays), and bob logs in.
    await fakeBrowser.storage.local.remove(ENTROPY_KEY);
    const worker = firefoxWorker();
    expect(await worker.send('getState', {})).toMatchObject({ loggedIn: false });
    await worker.send('signUp', { username: 'bob', password: PASSWORD });
    await fakeBrowser.storage.local.set(copy);
    const state = await firefoxWorker().send('getState', {});
    expect(state.address).not.toBe(ada.address);
    expect(state).toMatchObject({ loggedIn: false, sessionLost: true });
  });

  it('moves the keys with the lock setting: opened into storage.session, sealed back', async () => {
    const worker = firefoxWorker();
    const { address, entropy } = await signedUp(worker);
    await worker.send('settings.set', { lockOnBrowserClose: true });
    expect(await walletValues('local')).toEqual({});
    expect((await walletValues('session'))[ENTROPY_KEY]).toBe(entropy);
    // The key that sealed them is forgotten once they left storage.local.
    expect(keys.stored()).toBeNull();
    expect((await firefoxWorker().send('getState', {})).address).toBe(address);

    await worker.send('settings.set', { lockOnBrowserClose: false });
    expect(await walletValues('session')).toEqual({});
    expect(Object.values(await walletValues('local')).every(isSealedValue)).toBe(true);
    await fakeBrowser.storage.session.clear();
    expect((await firefoxWorker().send('getState', {})).address).toBe(address);
  });

  it('attack: a sealed-looking entropy planted in storage.local never stops the move there', async () => {
    const worker = firefoxWorker();
    await worker.send('settings.set', { lockOnBrowserClose: true });
    const { address } = await signedUp(worker);
    // A content script writes an object of the sealed shape where the sealed entropy would go.
    await fakeBrowser.storage.local.set({ [ENTROPY_KEY]: FORGED });
    await worker.send('settings.set', { lockOnBrowserClose: false });
    // The session was sealed over it, and left storage.session only then.
    expect(await walletValues('session')).toEqual({});
    expect((await walletValues('local'))[ENTROPY_KEY]).not.toEqual(FORGED);
    await fakeBrowser.storage.session.clear();
    expect(await firefoxWorker().send('getState', {})).toMatchObject({
      loggedIn: true,
      address,
      sessionLost: false,
    });
  });

  it('attack: a sealed-looking value planted beside the session never stops the move out', async () => {
    const worker = firefoxWorker();
    const { address } = await signedUp(worker);
    await fakeBrowser.storage.local.set({ 'encore:wallet:planted': FORGED });
    await worker.send('settings.set', { lockOnBrowserClose: true });
    expect(Object.keys(await walletValues('session')).sort()).toEqual([
      ENTROPY_KEY,
      'encore:wallet:snapshot',
      'encore:wallet:username',
    ]);
    expect(await firefoxWorker().send('getState', {})).toMatchObject({
      loggedIn: true,
      address,
      sessionLost: false,
    });
  });

  it('is off by default, as in Chromium: "log out when the browser closes" reads as off', async () => {
    expect(await firefoxWorker().send('settings.get', {})).toMatchObject({
      lockOnBrowserClose: false,
    });
  });
});
