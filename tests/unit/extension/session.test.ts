import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createWalletSession } from '../../../lib/extension/session/index.ts';
import { updateSettings } from '../../../lib/extension/settings/index.ts';
import { memoryBackend } from './support/memory-backend.ts';

const PASSWORD = 'violet tram plays 7 encores';

async function walletKeys(area: 'local' | 'session'): Promise<string[]> {
  const all = await fakeBrowser.storage[area].get(null);
  return Object.keys(all).filter((key) => key.startsWith('encore:wallet:'));
}

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
    expect(restarted.getWallet()?.address).toBe(state.address);
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
