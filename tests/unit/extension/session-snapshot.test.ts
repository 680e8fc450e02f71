// The session snapshot: a restarted worker answers with the address (and the last profile) from
// it without deriving the wallet, derives on the first signature, and never trusts a stored
// snapshot that does not parse or was not written for the stored entropy.
import { verifyMessage } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createBackground, createWalletSession } from '../../../lib/extension/background/index.ts';
import type { WalletCatalogProfile } from '../../../lib/extension/catalog/index.ts';
import { updateSettings } from '../../../lib/extension/settings/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { popup } from './support/senders.ts';

const PASSWORD = 'violet tram plays 7 encores';
const SNAPSHOT = 'encore:wallet:snapshot';
const OTHER_ADDRESS = '0x1111111111111111111111111111111111111111';

const PROFILE: WalletCatalogProfile = {
  user: {
    id: 'u1',
    handle: 'ada',
    name: 'Ada',
    verified: true,
    pictureUrl: 'https://img.example/ada.jpg',
    followerCount: 12,
    followingCount: 3,
    trackCount: 4,
  },
  topTracks: [{ id: 't1', title: 'Tram', playCount: 99, artworkUrl: null }],
};

/** A session whose derivations are counted (the browser tests hold them with the same hook). */
function countingSession(backend = memoryBackend()) {
  const counter = { derivations: 0 };
  const session = createWalletSession({
    backend,
    beforeDerive: async () => {
      counter.derivations += 1;
    },
  });
  return { session, counter };
}

async function storedSnapshot(
  area: 'local' | 'session' = 'local',
): Promise<Record<string, unknown>> {
  const raw = (await fakeBrowser.storage[area].get(SNAPSHOT))[SNAPSHOT];
  return JSON.parse(String(raw)) as Record<string, unknown>;
}

describe('session snapshot', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a restarted worker knows the address, username and last profile without deriving', async () => {
    const backend = memoryBackend();
    const first = createWalletSession({ backend });
    const state = await first.signUp('ada', PASSWORD);
    await first.rememberProfile(state.address!, PROFILE);

    const { session, counter } = countingSession(backend);
    await session.ready();
    expect(session.getState()).toEqual(state);
    expect(session.getCachedProfile()).toMatchObject({ userId: 'u1', profile: PROFILE });
    expect(counter.derivations).toBe(0);

    // The first signature derives the wallet, once, and signs as the same address.
    const signer = session.getSigner()!;
    expect(signer.address).toBe(state.address);
    const signature = await signer.signMessage('hello');
    expect(verifyMessage('hello', signature)).toBe(state.address);
    await signer.signMessage('again');
    expect(counter.derivations).toBe(1);
  });

  it('a restarted worker shows the recovery phrase before anything else derived the wallet', async () => {
    const backend = memoryBackend();
    const first = createWalletSession({ backend });
    await first.signUp('ada', PASSWORD);
    const phrase = (await first.getWallet())?.mnemonic?.phrase;

    const { session, counter } = countingSession(backend);
    await session.ready();
    expect(counter.derivations).toBe(0);
    await expect(session.revealRecoveryPhrase('not the password 123')).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect(await session.revealRecoveryPhrase(PASSWORD)).toBe(phrase);
    expect(counter.derivations).toBe(1);
  });

  it('a restarted worker answers getState and the approval window while derivation is held', async () => {
    const backend = memoryBackend();
    const { address } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
    // A derivation that never finishes: nothing below may wait for it.
    const worker = createBackground({ backend, beforeDerive: () => new Promise(() => undefined) });
    expect(await worker.router.handle({ type: 'getState' }, popup)).toMatchObject({
      ok: true,
      result: { loggedIn: true, address, username: 'ada', cachedProfile: null },
    });
    expect(await worker.approvals.snapshot()).toMatchObject({ loggedIn: true, address });
  });

  it('derives in the background when asked, once', async () => {
    const backend = memoryBackend();
    await createWalletSession({ backend }).signUp('ada', PASSWORD);
    const { session, counter } = countingSession(backend);
    await session.ready();
    session.deriveInBackground(0);
    session.deriveInBackground(0);
    expect((await session.getWallet())?.address).toBe(session.getAddress());
    expect(counter.derivations).toBe(1);
  });

  it('an update from a build without snapshots derives once and writes one', async () => {
    const backend = memoryBackend();
    const { address } = await createWalletSession({ backend }).signUp('ada', PASSWORD);
    await fakeBrowser.storage.local.remove(SNAPSHOT);
    const updated = countingSession(backend);
    await updated.session.ready();
    expect(updated.session.getAddress()).toBe(address);
    expect(updated.counter.derivations).toBe(1);
    expect(await storedSnapshot()).toMatchObject({ address, username: 'ada', catalog: null });
    const next = countingSession(backend);
    await next.session.ready();
    expect(next.counter.derivations).toBe(0);
  });

  it('keeps the snapshot beside the entropy: storage.session with the lock on', async () => {
    await updateSettings({ lockOnBrowserClose: true });
    const { address } = await createWalletSession({ backend: memoryBackend() }).signUp(
      'ada',
      PASSWORD,
    );
    expect((await fakeBrowser.storage.local.get(SNAPSHOT))[SNAPSHOT]).toBeUndefined();
    expect(await storedSnapshot('session')).toMatchObject({ address });
  });

  it('logging out removes the snapshot, and a profile lookup that answers later writes none', async () => {
    const backend = memoryBackend();
    const session = createWalletSession({ backend });
    const { address } = await session.signUp('ada', PASSWORD);
    const lateLookup = session.logout().then(() => session.rememberProfile(address!, PROFILE));
    await lateLookup;
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty(SNAPSHOT);
    const restarted = createWalletSession({ backend });
    await restarted.ready();
    expect(restarted.getState().loggedIn).toBe(false);
  });

  describe('a hostile stored snapshot', () => {
    async function signedUpThenTampered(
      tamper: (snapshot: Record<string, unknown>) => unknown,
    ): Promise<{ address: string; session: ReturnType<typeof countingSession> }> {
      const backend = memoryBackend();
      const first = createWalletSession({ backend });
      const { address } = await first.signUp('ada', PASSWORD);
      await first.rememberProfile(address!, PROFILE);
      const value = tamper(await storedSnapshot());
      await fakeBrowser.storage.local.set({
        [SNAPSHOT]: typeof value === 'string' ? value : JSON.stringify(value),
      });
      const session = countingSession(backend);
      await session.session.ready();
      return { address: address!, session };
    }

    it.each([
      [
        'names another address (written for other entropy)',
        (s: Record<string, unknown>) => ({
          ...s,
          address: OTHER_ADDRESS,
          entropyDigest: 'ab'.repeat(32),
        }),
      ],
      ['is not JSON', () => '{"version":1,'],
      ['is not an object', () => [1, 2, 3]],
      ['has an unknown field', (s: Record<string, unknown>) => ({ ...s, extra: true })],
      [
        'carries a script URL as the picture',
        (s: Record<string, unknown>) => ({
          ...s,
          catalog: {
            ...(s.catalog as object),
            profile: { ...PROFILE, user: { ...PROFILE.user, pictureUrl: 'javascript:alert(1)' } },
          },
        }),
      ],
      [
        'has a profile of another catalog user than its userId',
        (s: Record<string, unknown>) => ({
          ...s,
          catalog: { ...(s.catalog as object), userId: 'someone-else' },
        }),
      ],
      ['is from a future version', (s: Record<string, unknown>) => ({ ...s, version: 2 })],
    ])('that %s is ignored: the address comes from the entropy', async (_, tamper) => {
      const { address, session } = await signedUpThenTampered(tamper);
      expect(session.session.getAddress()).toBe(address);
      expect(session.session.getCachedProfile()).toBeNull();
      expect(session.counter.derivations).toBe(1);
      // And replaced by a good one.
      expect(await storedSnapshot()).toMatchObject({ address, catalog: null });
    });

    it('that names another address under the right digest never signs as it', async () => {
      const { address, session } = await signedUpThenTampered((s) => ({
        ...s,
        address: OTHER_ADDRESS,
      }));
      // Storage can only be written by the extension itself, so this is damage, not a page: the
      // snapshot is believed until the wallet is derived, but nothing is signed for it.
      const signer = session.session.getSigner()!;
      expect(signer.address).toBe(OTHER_ADDRESS);
      await expect(signer.signMessage('hello')).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
      expect(session.session.getAddress()).toBe(address);
      expect(await storedSnapshot()).toMatchObject({ address });
    });
  });
});
