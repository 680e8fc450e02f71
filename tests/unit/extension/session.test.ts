import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createWalletSession } from '../../../lib/extension/background/index.ts';
import { updateSettings } from '../../../lib/extension/settings/index.ts';
import { memoryBackend } from './support/memory-backend.ts';

const PASSWORD = 'violet tram plays 7 encores';

async function walletKeys(area: 'local' | 'session'): Promise<string[]> {
  const all = await fakeBrowser.storage[area].get(null);
  return Object.keys(all)
    .filter((key) => key.startsWith('encore:wallet:'))
    .sort();
}

/** A logged-in session's keys: the entropy, the username and the session snapshot. */
const LOGGED_IN_KEYS = [
  'encore:wallet:hedgehog-entropy-key',
  'encore:wallet:snapshot',
  'encore:wallet:username',
];

describe('wallet session', () => {
  beforeEach(() => fakeBrowser.reset());

  it('comes back after a worker restart without the password', async () => {
    const backend = memoryBackend();
    const first = createWalletSession({ backend });
    const state = await first.signUp('  ada ', PASSWORD);
    expect(state).toEqual({ loggedIn: true, address: expect.any(String), username: 'ada' });

    // A restarted worker is a new module instance: only storage carries over.
    const restarted = createWalletSession({ backend });
    expect(restarted.getState().loggedIn).toBe(false);
    await restarted.ready();
    expect(restarted.getState()).toEqual(state);
    expect((await restarted.getWallet())?.address).toBe(state.address);
    expect(await walletKeys('local')).not.toEqual([]);
    expect(await walletKeys('session')).toEqual([]);
  });

  it('logs in on another browser (empty storage) to the same address', async () => {
    const backend = memoryBackend();
    const { address } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
    fakeBrowser.storage.resetState();
    const elsewhere = createWalletSession({ backend });
    expect((await elsewhere.login('ada', PASSWORD)).address).toBe(address);
    await expect(elsewhere.login('ada', 'wrong password here')).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });

  it('forgets the wallet on logout, in memory and in storage', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    await session.signUp('ada', PASSWORD);
    expect(await session.logout()).toEqual({ loggedIn: false, address: null, username: null });
    expect(await walletKeys('local')).toEqual([]);
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().loggedIn).toBe(false);
  });

  it('with the lock setting keeps the key only in session storage', async () => {
    await updateSettings({ lockOnBrowserClose: true });
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const { address } = await session.signUp('ada', PASSWORD);
    expect(await walletKeys('local')).toEqual([]);
    expect(await walletKeys('session')).not.toEqual([]);

    // Worker restart while the browser stays open: still logged in.
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().address).toBe(address);

    // Browser restart: session storage is gone, and so is the wallet.
    await fakeBrowser.storage.session.clear();
    const afterBrowserRestart = createWalletSession({ backend });
    await afterBrowserRestart.ready();
    expect(afterBrowserRestart.getState().loggedIn).toBe(false);
  });

  it('moves the stored key when the lock setting changes', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const { address } = await session.signUp('ada', PASSWORD);
    await updateSettings({ lockOnBrowserClose: true });
    await session.relocateStorage();
    expect(await walletKeys('local')).toEqual([]);
    expect(await walletKeys('session')).not.toEqual([]);

    await updateSettings({ lockOnBrowserClose: false });
    // A worker that starts after the change finishes the move itself.
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().address).toBe(address);
    expect(await walletKeys('session')).toEqual([]);
    expect(await walletKeys('local')).not.toEqual([]);
  });

  it('logout removes the wallet keys from both areas, so no copy comes back later', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    await session.signUp('ada', PASSWORD);
    // A copy in the area the lock setting does not name: a move stopped between its two steps.
    const local = await fakeBrowser.storage.local.get(null);
    const keys = Object.fromEntries(
      Object.entries(local).filter(([k]) => k.startsWith('encore:wallet:')),
    );
    await fakeBrowser.storage.session.set(keys);
    await session.logout();
    expect(await walletKeys('local')).toEqual([]);
    expect(await walletKeys('session')).toEqual([]);
    // Neither a restart nor turning the lock setting on brings the account back.
    await updateSettings({ lockOnBrowserClose: true });
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().loggedIn).toBe(false);
  });

  it.each([
    ['off', false, 'local', 'session'],
    ['on', true, 'session', 'local'],
  ] as const)(
    'a move stopped with the keys in both areas ends, at the next start, where the lock (%s) says',
    async (_, lock, target, other) => {
      const backend = memoryBackend();
      await updateSettings({ lockOnBrowserClose: lock });
      const { address } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
      const stored = await fakeBrowser.storage[target].get(null);
      await fakeBrowser.storage[other].set(
        Object.fromEntries(Object.entries(stored).filter(([k]) => k.startsWith('encore:wallet:'))),
      );
      const restarted = createWalletSession({ backend });
      await restarted.ready();
      expect(restarted.getState().address).toBe(address);
      expect(await walletKeys(other)).toEqual([]);
      expect(await walletKeys(target)).toEqual(LOGGED_IN_KEYS);
    },
  );

  it('when both areas hold a different entropy, the one the lock setting names wins', async () => {
    const backend = memoryBackend();
    const { address: ada } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
    fakeBrowser.storage.resetState();
    const { address: bob } = await createWalletSession({ backend }).signUp('bob', PASSWORD);
    const bobKeys = await fakeBrowser.storage.local.get(null);
    fakeBrowser.storage.resetState();
    await createWalletSession({ backend }).login('ada', PASSWORD);
    await fakeBrowser.storage.session.set(bobKeys);
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().address).toBe(ada);
    expect(restarted.getState().address).not.toBe(bob);
    expect(await walletKeys('session')).toEqual([]);
  });

  it('a move whose write fails leaves the key where it was', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const { address } = await session.signUp('ada', PASSWORD);
    await updateSettings({ lockOnBrowserClose: true });
    const write = vi
      .spyOn(fakeBrowser.storage.session, 'set')
      .mockRejectedValueOnce(new Error('quota'));
    await expect(session.relocateStorage()).rejects.toThrow('quota');
    write.mockRestore();
    expect(await walletKeys('local')).toEqual(LOGGED_IN_KEYS);
    expect(await walletKeys('session')).toEqual([]);
    // The next start completes the move.
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().address).toBe(address);
    expect(await walletKeys('local')).toEqual([]);
    expect(await walletKeys('session')).toEqual(LOGGED_IN_KEYS);
  });

  it.each([
    ['an unknown key', { lockOnBrowserClose: true, theme: 'dark' }],
    ['a chain this build removed', { lockOnBrowserClose: true, chainId: 137 }],
    ['a string "false" for the lock', { lockOnBrowserClose: 'false' }],
    ['a record that is not an object', 'lock=off'],
  ])('a settings record with %s never moves the key out of session storage', async (_, record) => {
    await updateSettings({ lockOnBrowserClose: true });
    const backend = memoryBackend();
    const { address } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
    await fakeBrowser.storage.local.set({ 'encore:settings': record });
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().address).toBe(address);
    expect(await walletKeys('local')).toEqual([]);
    expect(await walletKeys('session')).toEqual(LOGGED_IN_KEYS);
  });

  it('changes the password: the new one opens the same wallet, the old one no longer does', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const { address } = await session.signUp('ada', PASSWORD);
    await session.changePassword(PASSWORD, 'a brand new long passphrase 9');
    fakeBrowser.storage.resetState();
    const elsewhere = createWalletSession({ backend });
    await expect(elsewhere.login('ada', PASSWORD)).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect((await elsewhere.login('ada', 'a brand new long passphrase 9')).address).toBe(address);
  });

  it('tells listeners about every account change', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const seen: (string | null)[] = [];
    session.onAccountChanged((address) => seen.push(address));
    const { address } = await session.signUp('ada', PASSWORD);
    await session.logout();
    await session.login('ada', PASSWORD);
    expect(seen).toEqual([address, null, address]);
  });

  it('refuses to change a password while logged out', async () => {
    const session = createWalletSession({ backend: memoryBackend() });
    await expect(session.changePassword(PASSWORD, `${PASSWORD}!`)).rejects.toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
  });
});
