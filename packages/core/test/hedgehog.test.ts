// Sign-up, login, session and error paths of the Hedgehog class against an in-memory backend.
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import {
  AccountNotFoundError,
  Authentication,
  BackendError,
  createMemoryStore,
  DecryptionFailedError,
  ENTROPY_STORAGE_KEY,
  Hedgehog,
  InvalidUsernameError,
  WalletManager,
  WeakPasswordError,
} from '../src/index.ts';
import { PENDING_SIGN_UP_STORAGE_KEY } from '../src/internal/pending-sign-ups.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const PASSWORD = 'violet-harbour-1987';

function setup(backend: MemoryBackend = createMemoryBackend()) {
  const storage = createMemoryStore();
  const hedgehog = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
  return { backend, storage, hedgehog };
}

describe('sign-up and login', () => {
  it('signs up, logs in elsewhere to the same wallet, restores and logs out', async () => {
    const { backend, storage, hedgehog } = setup();
    const wallet = await hedgehog.signUp('  Ada@Example.com ', PASSWORD);

    expect(hedgehog.isLoggedIn()).toBe(true);
    expect(hedgehog.getWallet()?.address).toBe(wallet.address);
    expect(backend.calls.setUserFn).toEqual([
      { username: 'Ada@Example.com', walletAddress: wallet.address.toLowerCase() },
    ]);
    const [auth] = backend.calls.setAuthFn;
    expect(auth?.lookupKey).toBe(
      await Authentication.createAuthLookupKey('ada@example.com', PASSWORD),
    );
    expect(auth?.iv).toMatch(/^[0-9a-f]{32}$/);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toMatch(/^[0-9a-f]{32}$/);

    // Another browser: same backend, empty storage; the username's case does not matter.
    const other = setup(backend);
    const again = await other.hedgehog.login('ADA@example.com', PASSWORD);
    expect(again.address).toBe(wallet.address);
    expect(again.privateKey).toBe(wallet.privateKey);

    // A restarted worker: new instance over the same storage.
    const restarted = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage,
    });
    expect(restarted.isLoggedIn()).toBe(false);
    expect((await restarted.restoreLocalWallet())?.address).toBe(wallet.address);
    expect(restarted.isLoggedIn()).toBe(true);

    await restarted.logout();
    expect(restarted.isLoggedIn()).toBe(false);
    expect(restarted.getWallet()).toBeNull();
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
    expect(await restarted.restoreLocalWallet()).toBeNull();
  });

  it('opens a record made by the original library, at a custom path too', async () => {
    const v = fixtures.vectors[1]!;
    const backend = createMemoryBackend();
    backend.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
    const { hedgehog, storage } = setup(backend);
    // The vector's password is shorter than the sign-up policy allows: login is never policed.
    const wallet = await hedgehog.login(v.username.toLowerCase(), v.password);
    expect(wallet.address).toBe(v.checksumAddress);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBe(v.entropy);

    const custom = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
      path: "m/44'/60'/0'/0/1",
    });
    await custom.login(v.username, v.password);
    expect(custom.getWallet()?.address).not.toBe(v.checksumAddress);
    expect(custom.getWallet()?.path).toBe("m/44'/60'/0'/0/1");
  });

  it('answers a wrong password and an unknown user with the same AccountNotFoundError', async () => {
    const v = fixtures.vectors[0]!;
    const backend = createMemoryBackend();
    backend.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
    const { hedgehog, storage } = setup(backend);
    const wrong = await hedgehog.login(v.username, 'not-the-password').catch((e: unknown) => e);
    const unknown = await hedgehog.login('nobody@example.com', v.password).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AccountNotFoundError);
    expect(unknown).toBeInstanceOf(AccountNotFoundError);
    expect((wrong as AccountNotFoundError).toJSON()).toEqual(
      (unknown as AccountNotFoundError).toJSON(),
    );
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
  });

  it('reports a corrupt record as DecryptionFailedError and backend failures as they came', async () => {
    const v = fixtures.vectors[2]!;
    const backend = createMemoryBackend();
    backend.records.set(v.lookupKey, { iv: v.iv, cipherText: `${v.cipherText.slice(0, -2)}00` });
    const { hedgehog } = setup(backend);
    await expect(hedgehog.login(v.username, v.password)).rejects.toBeInstanceOf(
      DecryptionFailedError,
    );

    const failing = new Hedgehog(
      async () => {
        throw new BackendError(503, 'Service unavailable');
      },
      backend.setAuthFn,
      backend.setUserFn,
      { storage: createMemoryStore() },
    );
    await expect(failing.login(v.username, v.password)).rejects.toMatchObject({
      code: 'BACKEND_FAILURE',
      status: 503,
    });

    // A backend that says "not found" with a 404 is an unknown account, not an outage.
    const notFound = new Hedgehog(
      async () => {
        throw new BackendError(404, 'Not found');
      },
      backend.setAuthFn,
      backend.setUserFn,
      { storage: createMemoryStore() },
    );
    await expect(notFound.login(v.username, v.password)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });
});

describe('sign-up rules', () => {
  it('refuses weak passwords and invalid usernames before touching the backend', async () => {
    const { backend, hedgehog } = setup();
    await expect(hedgehog.signUp('ada', 'short')).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      reason: 'too-short',
    });
    await expect(hedgehog.signUp('ada', 'Password123')).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      reason: 'common',
    });
    await expect(hedgehog.signUp('   ', PASSWORD)).rejects.toBeInstanceOf(InvalidUsernameError);
    await expect(hedgehog.signUp('a:::b', PASSWORD)).rejects.toMatchObject({
      code: 'INVALID_USERNAME',
      reason: 'separator',
    });
    expect(backend.calls).toEqual({ getFn: [], setAuthFn: [], setUserFn: [] });
    expect(hedgehog.isLoggedIn()).toBe(false);
  });
});

describe('all-or-nothing sign-up', () => {
  it('a taken username fails before anything exists that logs in', async () => {
    const backend = createMemoryBackend();
    const owner = await setup(backend).hedgehog.signUp('ann', PASSWORD);
    // Someone else picks the same name, with a password of their own.
    const { storage, hedgehog } = setup(backend);
    await expect(hedgehog.signUp('Ann', 'another-strong-passphrase')).rejects.toThrow(
      'username taken',
    );
    expect(backend.records.size).toBe(1);
    await expect(setup(backend).hedgehog.login('ann', 'another-strong-passphrase')).rejects.toThrow(
      AccountNotFoundError,
    );
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
    expect(backend.users.get('ann')).toBe(owner.address.toLowerCase());
  });

  it('asks the backend nothing before its claim: a new account is two writes, no read', async () => {
    const { backend, hedgehog } = setup();
    await hedgehog.signUp('hedy', PASSWORD);
    expect(backend.calls.getFn).toEqual([]);
    expect(backend.calls.setUserFn).toHaveLength(1);
    expect(backend.calls.setAuthFn).toHaveLength(1);
  });

  it("signing up again elsewhere with the same credentials opens the account (the claim's 409)", async () => {
    const backend = createMemoryBackend();
    const first = await setup(backend).hedgehog.signUp('ines', PASSWORD);
    const { storage, hedgehog } = setup(backend);
    const again = await hedgehog.signUp('Ines', PASSWORD);
    expect(again.address).toBe(first.address);
    expect(backend.records.size).toBe(1);
    expect(backend.users.get('ines')).toBe(first.address.toLowerCase());
    expect(await storage.get(PENDING_SIGN_UP_STORAGE_KEY)).toBeNull();
    expect(hedgehog.isLoggedIn()).toBe(true);
  });

  it('keeps nothing when setUserFn fails, and a retry finishes with the same wallet', async () => {
    const { backend, storage, hedgehog } = setup();
    backend.failNext.setUserFn = 'before-store';
    await expect(hedgehog.signUp('grace', PASSWORD)).rejects.toThrow('setUserFn: 503');
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
    expect(backend.records.size).toBe(0);
    expect(backend.calls.setAuthFn).toHaveLength(0);

    const wallet = await hedgehog.signUp('grace', PASSWORD);
    expect(backend.calls.setAuthFn).toHaveLength(1);
    expect(backend.users.get('grace')).toBe(wallet.address.toLowerCase());
    expect(backend.records.size).toBe(1);
    expect((await setup(backend).hedgehog.login('grace', PASSWORD)).address).toBe(wallet.address);
  });

  it('retries setAuthFn with the same record after it failed, claiming the name only once', async () => {
    const { backend, storage, hedgehog } = setup();
    backend.failNext.setAuthFn = 'before-store';
    await expect(hedgehog.signUp('linus', PASSWORD)).rejects.toThrow('network down');
    expect(backend.calls.setUserFn).toHaveLength(1);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();

    const wallet = await hedgehog.signUp('linus', PASSWORD);
    const [first, second] = backend.calls.setAuthFn;
    expect(second).toEqual(first);
    expect(backend.calls.setUserFn).toHaveLength(1);
    expect(backend.users.get('linus')).toBe(wallet.address.toLowerCase());
  });

  it('completes in one call when setAuthFn stored the record but its answer was lost', async () => {
    const { backend, hedgehog } = setup();
    backend.failNext.setAuthFn = 'after-store';
    const wallet = await hedgehog.signUp('barbara', PASSWORD);
    expect(backend.records.size).toBe(1);
    expect(backend.users.get('barbara')).toBe(wallet.address.toLowerCase());
    expect(hedgehog.isLoggedIn()).toBe(true);
  });

  it('a retry refused as a duplicate (409) of its own earlier write still completes', async () => {
    const backend = createMemoryBackend();
    let getFnDown = false;
    let firstWrite = true;
    const getFn: typeof backend.getFn = async (q) => {
      if (getFnDown) throw new Error('getFn: network down');
      return backend.getFn(q);
    };
    const storage = createMemoryStore();
    const hedgehog = new Hedgehog(
      getFn,
      async (r) => {
        // The first write lands, its answer is lost, and so is the check that follows.
        getFnDown = firstWrite;
        firstWrite = false;
        return backend.setAuthFn(r);
      },
      backend.setUserFn,
      { storage },
    );
    backend.failNext.setAuthFn = 'after-store';
    await expect(hedgehog.signUp('frances', PASSWORD)).rejects.toThrow('answer lost');
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();

    getFnDown = false;
    const setAuthCalls = backend.calls.setAuthFn.length;
    const wallet = await hedgehog.signUp('frances', PASSWORD);
    expect(backend.calls.setAuthFn.length).toBe(setAuthCalls + 1); // refused with 409
    expect(backend.records.size).toBe(1);
    expect(backend.users.get('frances')).toBe(wallet.address.toLowerCase());
    expect((await setup(backend).hedgehog.login('frances', PASSWORD)).address).toBe(wallet.address);
  });

  it('after a restart between the claim and the record, claims again with the same wallet', async () => {
    const backend = createMemoryBackend();
    const first = setup(backend);
    backend.failNext.setAuthFn = 'before-store';
    await expect(first.hedgehog.signUp('margaret', PASSWORD)).rejects.toThrow('network down');
    const claimed = backend.users.get('margaret');
    expect(backend.records.size).toBe(0);

    // Fresh instance over the same local storage (worker restarted): no pending sign-up in memory.
    const second = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: first.storage,
    });
    const wallet = await second.signUp('margaret', PASSWORD);
    expect(wallet.address.toLowerCase()).toBe(claimed);
    expect(backend.records.size).toBe(1);
    expect(second.isLoggedIn()).toBe(true);
    expect((await setup(backend).hedgehog.login('margaret', PASSWORD)).address).toBe(
      wallet.address,
    );
    expect(await first.storage.get(PENDING_SIGN_UP_STORAGE_KEY)).toBeNull();
  });

  it('keeps a half-done sign-up through later attempts, and reads the one-entry form of older builds', async () => {
    const backend = createMemoryBackend();
    const first = setup(backend);
    backend.failNext.setAuthFn = 'before-store';
    await expect(first.hedgehog.signUp('nora', PASSWORD)).rejects.toThrow('network down');
    const claimed = backend.users.get('nora');
    const restarted = (): Hedgehog =>
      new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
        storage: first.storage,
      });
    // Another password (the name is taken, by this browser's own unfinished wallet), then
    // another name failing before its claim: neither takes the first attempt's place.
    await expect(restarted().signUp('nora', `${PASSWORD}-x`)).rejects.toThrow('username taken');
    backend.failNext.setUserFn = 'before-store';
    await expect(restarted().signUp('olga', PASSWORD)).rejects.toThrow('setUserFn: 503');
    const stored = JSON.parse((await first.storage.get(PENDING_SIGN_UP_STORAGE_KEY)) ?? '[]');
    expect(stored).toHaveLength(2); // nora's and olga's; the refused one is not kept

    // An older build kept one object: still read after an update.
    const noras = stored.find((e: { lookupKey: string }) => e.lookupKey !== stored[0].lookupKey);
    await first.storage.set(PENDING_SIGN_UP_STORAGE_KEY, JSON.stringify(noras));
    const wallet = await restarted().signUp('nora', PASSWORD);
    expect(wallet.address.toLowerCase()).toBe(claimed);
    expect(await first.storage.get(PENDING_SIGN_UP_STORAGE_KEY)).toBeNull();
  });

  it('an older client left a record without its name: the sign-up ends in that wallet, as a login would', async () => {
    const backend = createMemoryBackend();
    // The original order: the record first, then the username claim, which failed. A sign-up does
    // not ask for a record before its claim, so its fresh wallet takes the free name; the record's
    // 409 then shows the credentials' own record, which is the wallet the sign-up ends in.
    const lookupKey = await Authentication.createAuthLookupKey('edith', PASSWORD);
    const iv = Authentication.createIv();
    const entropy = WalletManager.createEntropy();
    const key = await Authentication.createKey(PASSWORD, iv);
    const cipherText = await Authentication.encryptEntropy(entropy, key, iv);
    await backend.setAuthFn({ iv, cipherText, lookupKey });

    const { hedgehog, storage } = setup(backend);
    const wallet = await hedgehog.signUp('edith', PASSWORD);
    expect(wallet.address).toBe(WalletManager.walletFromEntropy(entropy).address);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBe(entropy);
    expect(backend.records.get(lookupKey)).toEqual({ iv, cipherText });
    expect(backend.records.size).toBe(1);
    expect(await storage.get(PENDING_SIGN_UP_STORAGE_KEY)).toBeNull();
  });

  it('ignores a remembered sign-up that is not a record, or is another sign-up', async () => {
    for (const remembered of ['not json', '{"lookupKey":"00","iv":"zz","cipherText":"00"}']) {
      const { backend, storage, hedgehog } = setup();
      await storage.set(PENDING_SIGN_UP_STORAGE_KEY, remembered);
      const wallet = await hedgehog.signUp('ida', PASSWORD);
      expect(backend.users.get('ida')).toBe(wallet.address.toLowerCase());
    }
    const { storage } = setup();
    const other = setup();
    other.backend.failNext.setAuthFn = 'before-store';
    await expect(other.hedgehog.signUp('jo', PASSWORD)).rejects.toThrow('network down');
    await storage.set(
      PENDING_SIGN_UP_STORAGE_KEY,
      (await other.storage.get(PENDING_SIGN_UP_STORAGE_KEY)) ?? '',
    );
    // Another username: the remembered wallet is not reused for it.
    const fresh = new Hedgehog(
      other.backend.getFn,
      other.backend.setAuthFn,
      other.backend.setUserFn,
      {
        storage,
      },
    );
    const wallet = await fresh.signUp('kim', PASSWORD);
    expect(wallet.address.toLowerCase()).not.toBe(other.backend.users.get('jo'));
  });
});

describe('Unicode forms', () => {
  const nfc = { username: 'Jos\u00e9', password: 'b\u00e4renhunger-\u00f1o' };
  const nfd = { username: 'Jose\u0301', password: 'ba\u0308renhunger-n\u0303o' };

  it('signs up in NFC and opens whichever form the keyboard produced', async () => {
    const { backend, hedgehog } = setup();
    const wallet = await hedgehog.signUp(nfd.username, nfd.password);
    expect(backend.calls.setUserFn[0]?.username).toBe(nfc.username);
    expect(backend.calls.setAuthFn[0]?.lookupKey).toBe(
      await Authentication.createAuthLookupKey(nfc.username, nfc.password),
    );
    const other = setup(backend).hedgehog;
    expect((await other.login(nfd.username, nfd.password)).address).toBe(wallet.address);
  });

  it('opens a legacy record made from unnormalised (NFD) input when NFC is typed', async () => {
    const backend = createMemoryBackend();
    const lookupKey = await Authentication.createAuthLookupKey(nfd.username, nfd.password);
    const iv = Authentication.createIv();
    const key = await Authentication.createKey(nfd.password, iv);
    const entropy = WalletManager.createEntropy();
    backend.records.set(lookupKey, {
      iv,
      cipherText: await Authentication.encryptEntropy(entropy, key, iv),
    });
    const wallet = await setup(backend).hedgehog.login(nfc.username, nfc.password);
    expect(wallet.address).toBe(WalletManager.walletFromEntropy(entropy).address);
  });
  it('opens a legacy record whose username kept surrounding spaces (Hedgehog never trimmed)', async () => {
    const backend = createMemoryBackend();
    const typed = '  Grace ';
    const lookupKey = await Authentication.createAuthLookupKey(typed, PASSWORD);
    const iv = Authentication.createIv();
    const key = await Authentication.createKey(PASSWORD, iv);
    const entropy = WalletManager.createEntropy();
    backend.records.set(lookupKey, {
      iv,
      cipherText: await Authentication.encryptEntropy(entropy, key, iv),
    });
    const expected = WalletManager.walletFromEntropy(entropy).address;
    expect((await setup(backend).hedgehog.login(typed, PASSWORD)).address).toBe(expected);
    // Typed without the spaces, there is nothing to tell which spaces the record had.
    await expect(setup(backend).hedgehog.login('Grace', PASSWORD)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });
});

describe('changePassword', () => {
  it('re-encrypts under a new iv, replaces the old record, keeps the wallet', async () => {
    const { backend, hedgehog } = setup();
    const wallet = await hedgehog.signUp('alan', PASSWORD);
    const before = backend.calls.setAuthFn[0]!;
    const NEW = 'enigma-bombe-1940s';

    await expect(hedgehog.changePassword('alan', PASSWORD, 'qwertyuiop')).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      reason: 'common',
    });
    await expect(hedgehog.changePassword('alan', 'wrong-password', NEW)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );

    await hedgehog.changePassword('alan', PASSWORD, NEW);
    const change = backend.calls.setAuthFn.at(-1)!;
    expect(change.oldLookupKey).toBe(before.lookupKey);
    expect(change.lookupKey).toBe(await Authentication.createAuthLookupKey('alan', NEW));
    expect(change.iv).not.toBe(before.iv);
    expect(hedgehog.getWallet()?.address).toBe(wallet.address);

    const other = setup(backend).hedgehog;
    expect((await other.login('alan', NEW)).address).toBe(wallet.address);
    await expect(other.login('alan', PASSWORD)).rejects.toBeInstanceOf(AccountNotFoundError);
  });
});

describe('session helpers', () => {
  it('createWallet makes a throwaway wallet that is neither stored nor logged in', async () => {
    const { backend, storage, hedgehog } = setup();
    const a = await hedgehog.createWallet('anything');
    const b = await hedgehog.createWallet('anything');
    expect(a.address).not.toBe(b.address);
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
    expect(backend.calls.setAuthFn).toHaveLength(0);
    await expect(hedgehog.createWallet('')).rejects.toBeInstanceOf(WeakPasswordError);
  });

  it("ignores the 'undefined' string older Hedgehog versions wrote to storage", async () => {
    const { storage, hedgehog } = setup();
    await storage.set(ENTROPY_STORAGE_KEY, 'undefined');
    expect(await hedgehog.restoreLocalWallet()).toBeNull();
    expect(hedgehog.isLoggedIn()).toBe(false);
  });

  it('refuses to be built without the three backend functions', () => {
    const backend = createMemoryBackend();
    const missing = undefined as unknown as typeof backend.setUserFn;
    expect(() => new Hedgehog(backend.getFn, backend.setAuthFn, missing)).toThrow(TypeError);
  });
});
