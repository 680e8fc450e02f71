// Restoring an account from its recovery phrase, the logged-in wallet's phrase, and the password
// check that guards it, against the shared Hedgehog vectors in an in-memory backend.
import { describe, expect, it } from 'vitest';
import { fixtures, type Vector } from '../../../tests/support/hedgehog-vectors.ts';
import {
  AccountNotFoundError,
  Authentication,
  BackendError,
  createMemoryStore,
  ENTROPY_STORAGE_KEY,
  Hedgehog,
  InvalidMnemonicError,
  InvalidUsernameError,
  NotLoggedInError,
  StrongRecord,
  UsernameTakenError,
  WeakPasswordError,
} from '../src/index.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const NEW_PASSWORD = 'marimba-lantern-2031';

/** A backend holding the vector's account as Hedgehog made it: its record and its username. */
function backendWith(v: Vector): MemoryBackend {
  const backend = createMemoryBackend();
  backend.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
  backend.users.set(v.username.toLowerCase(), v.address);
  return backend;
}

function browser(backend: MemoryBackend) {
  const storage = createMemoryStore();
  const hedgehog = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
  return { storage, hedgehog };
}

describe('restoreFromMnemonic', () => {
  it.each(fixtures.vectors)(
    '$name: a new password opens the same wallet; the old one still does',
    async (v) => {
      const backend = backendWith(v);
      const { storage, hedgehog } = browser(backend);
      const wallet = await hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, v.mnemonic);

      expect(wallet.address).toBe(v.checksumAddress);
      expect(wallet.mnemonic?.phrase).toBe(v.mnemonic);
      expect(hedgehog.isLoggedIn()).toBe(true);
      expect(await storage.get(ENTROPY_STORAGE_KEY)).toBe(v.entropy);
      expect(backend.calls.setUserFn).toEqual([{ username: v.username, walletAddress: v.address }]);
      const newKey = await Authentication.createAuthLookupKey(v.username, NEW_PASSWORD);
      expect(backend.calls.setAuthFn.map((r) => [r.lookupKey, r.oldLookupKey])).toEqual([
        [newKey, undefined],
      ]);
      expect(backend.records.size).toBe(2);

      const elsewhere = browser(backend).hedgehog;
      expect((await elsewhere.login(v.username, NEW_PASSWORD)).address).toBe(v.checksumAddress);
      expect((await browser(backend).hedgehog.login(v.username, v.password)).address).toBe(
        v.checksumAddress,
      );
    },
  );

  it('is idempotent: a second restore with the same password stores nothing new', async () => {
    const v = fixtures.vectors[0]!;
    const backend = backendWith(v);
    await browser(backend).hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, v.mnemonic);
    const records = new Map(backend.records);
    const again = await browser(backend).hedgehog.restoreFromMnemonic(
      `  ${v.username.toUpperCase()} `,
      NEW_PASSWORD,
      v.mnemonic.toUpperCase(),
    );
    expect(again.address).toBe(v.checksumAddress);
    expect(backend.records).toEqual(records);
    expect(backend.calls.setAuthFn).toHaveLength(1);
  });

  it('a restore with the old password itself just logs in (its record is kept)', async () => {
    const v = fixtures.vectors[1]!; // its password passes the sign-up policy
    const backend = backendWith(v);
    const records = new Map(backend.records);
    const wallet = await browser(backend).hedgehog.restoreFromMnemonic(
      v.username,
      v.password,
      v.mnemonic,
    );
    expect(wallet.address).toBe(v.checksumAddress);
    expect(backend.records).toEqual(records);
    expect(backend.calls.setAuthFn).toEqual([]);
  });

  it("refuses another wallet's phrase for a username: UsernameTakenError, nothing stored", async () => {
    const owner = fixtures.vectors[0]!;
    const intruder = fixtures.vectors[1]!;
    const backend = backendWith(owner);
    // The backend's own answer for a taken name is a 409.
    backend.setUserFn = async (u) => {
      backend.calls.setUserFn.push(u);
      if (backend.users.get(u.username.toLowerCase()) !== u.walletAddress) {
        throw new BackendError(409, 'username: taken by another wallet');
      }
    };
    const { storage, hedgehog } = browser(backend);
    const error = await hedgehog
      .restoreFromMnemonic(owner.username, NEW_PASSWORD, intruder.mnemonic)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsernameTakenError);
    expect((error as UsernameTakenError).code).toBe('USERNAME_TAKEN');
    expect(backend.calls.setAuthFn).toEqual([]);
    expect(backend.records.size).toBe(1);
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeFalsy();
  });

  it('refuses credentials that already open another wallet, before claiming anything', async () => {
    const owner = fixtures.vectors[0]!;
    const other = fixtures.vectors[2]!;
    const backend = backendWith(owner);
    await browser(backend).hedgehog.restoreFromMnemonic(
      owner.username,
      NEW_PASSWORD,
      owner.mnemonic,
    );
    const callsBefore = backend.calls.setUserFn.length;
    await expect(
      browser(backend).hedgehog.restoreFromMnemonic(owner.username, NEW_PASSWORD, other.mnemonic),
    ).rejects.toBeInstanceOf(UsernameTakenError);
    expect(backend.calls.setUserFn).toHaveLength(callsBefore);
  });

  it('registers an unclaimed username for the phrase, like a sign-up', async () => {
    const v = fixtures.vectors[2]!;
    const backend = createMemoryBackend();
    const wallet = await browser(backend).hedgehog.restoreFromMnemonic(
      'Brand New Name',
      NEW_PASSWORD,
      v.mnemonic,
    );
    expect(wallet.address).toBe(v.checksumAddress);
    expect(backend.users.get('brand new name')).toBe(v.address);
  });

  it('completes after setAuthFn lost its answer (the record landed)', async () => {
    const v = fixtures.vectors[0]!;
    const backend = backendWith(v);
    backend.failNext.setAuthFn = 'after-store';
    const wallet = await browser(backend).hedgehog.restoreFromMnemonic(
      v.username,
      NEW_PASSWORD,
      v.mnemonic,
    );
    expect(wallet.address).toBe(v.checksumAddress);
    backend.failNext.setAuthFn = 'before-store';
    const { hedgehog } = browser(backend);
    await expect(
      hedgehog.restoreFromMnemonic(v.username, 'yet another new password', v.mnemonic),
    ).rejects.toThrow('network down');
    expect(hedgehog.isLoggedIn()).toBe(false);
  });

  it.each([
    ['a typo', (p: string) => p.replace('obscure', 'obscrue'), 'unknown-word'],
    ['11 words', (p: string) => p.split(' ').slice(1).join(' '), 'wrong-length'],
    ['two words swapped', (p: string) => p.split(' ').reverse().join(' '), 'bad-checksum'],
  ])('refuses %s as INVALID_MNEMONIC before any backend call', async (_, mangle, reason) => {
    const v = fixtures.vectors[0]!;
    const backend = backendWith(v);
    const error = await browser(backend)
      .hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, mangle(v.mnemonic))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidMnemonicError);
    expect(error).toMatchObject({ code: 'INVALID_MNEMONIC', reason });
    expect(backend.calls).toEqual({ getFn: [], setAuthFn: [], setUserFn: [] });
  });

  it('applies the sign-up policy to username and password, before any backend call', async () => {
    const v = fixtures.vectors[0]!;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    await expect(hedgehog.restoreFromMnemonic('a:::b', NEW_PASSWORD, v.mnemonic)).rejects.toThrow(
      InvalidUsernameError,
    );
    await expect(hedgehog.restoreFromMnemonic(v.username, 'short', v.mnemonic)).rejects.toThrow(
      WeakPasswordError,
    );
    await expect(
      hedgehog.restoreFromMnemonic(v.username, 'password123', v.mnemonic),
    ).rejects.toMatchObject({ code: 'WEAK_PASSWORD', reason: 'common' });
    expect(backend.calls).toEqual({ getFn: [], setAuthFn: [], setUserFn: [] });
  });
});

describe('the logged-in wallet and its phrase', () => {
  it("login's wallet carries the vector's mnemonic as wallet.mnemonic.phrase", async () => {
    const v = fixtures.vectors[0]!;
    const { hedgehog } = browser(backendWith(v));
    const wallet = await hedgehog.login(v.username, v.password);
    expect(wallet.mnemonic?.phrase).toBe(v.mnemonic);
    expect(hedgehog.getWallet()?.mnemonic?.phrase).toBe(v.mnemonic);
  });

  it('confirmPassword asks the backend and opens the record; a wrong password is refused', async () => {
    const v = fixtures.vectors[0]!;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    await expect(hedgehog.confirmPassword(v.username, v.password)).rejects.toBeInstanceOf(
      NotLoggedInError,
    );
    await hedgehog.login(v.username, v.password);
    const asked = backend.calls.getFn.length;
    expect((await hedgehog.confirmPassword(v.username, v.password)).mnemonic?.phrase).toBe(
      v.mnemonic,
    );
    expect(backend.calls.getFn.slice(asked)).toEqual([v.lookupKey]);

    const wrong = 'not the password';
    await expect(hedgehog.confirmPassword(v.username, wrong)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    // The guess went to the backend, where it spends lookup budget like a failed login (the
    // Hedgehog lookup, then the strengthened record's).
    expect(backend.calls.getFn.slice(-2)).toEqual([
      await Authentication.createAuthLookupKey(v.username, wrong),
      await StrongRecord.lookupKey(await StrongRecord.deriveMaster(v.username, wrong)),
    ]);
  });

  it("confirmPassword refuses a password that opens another wallet's record", async () => {
    const v = fixtures.vectors[0]!;
    const other = fixtures.vectors[2]!;
    const backend = backendWith(v);
    // Someone else's record under this username and another password.
    const otherPassword = 'the other record password';
    const iv = Authentication.createIv();
    const key = await Authentication.createKey(otherPassword, iv);
    backend.records.set(await Authentication.createAuthLookupKey(v.username, otherPassword), {
      iv,
      cipherText: await Authentication.encryptEntropy(other.entropy, key, iv),
    });
    const { hedgehog } = browser(backend);
    await hedgehog.login(v.username, v.password);
    await expect(hedgehog.confirmPassword(v.username, otherPassword)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });
});
