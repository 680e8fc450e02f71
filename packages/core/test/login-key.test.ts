// A login can start from the lookup key its caller derived (the extension's popup does, while the
// worker starts): the same wallet opens, with one derivation fewer in the worker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AccountNotFoundError,
  Authentication,
  Hedgehog,
  loginLookupKey,
  signUpLookupKey,
} from '../src/index.ts';
import { createMemoryStore } from '../src/storage.ts';
import { createMemoryBackend } from './support/memory-backend.ts';

const PASSWORD = 'violet-harbour-1987';

async function signedUp() {
  const backend = createMemoryBackend();
  const make = () =>
    new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
    });
  const wallet = await make().signUp('Ada@Example.com', PASSWORD);
  backend.calls.getFn.length = 0;
  return { backend, wallet, hedgehog: make() };
}

afterEach(() => vi.restoreAllMocks());

describe('loginLookupKey', () => {
  it('is the lookup key of the username as typed (trimmed; case does not matter)', async () => {
    const expected = await Authentication.createAuthLookupKey('ada@example.com', PASSWORD);
    expect(await loginLookupKey('  ADA@example.com ', PASSWORD)).toBe(expected);
  });
});

describe('login with a given lookup key', () => {
  it('opens the same wallet without deriving that key again', async () => {
    const { backend, wallet, hedgehog } = await signedUp();
    const lookupKey = await loginLookupKey('ada@example.com', PASSWORD);
    const derive = vi.spyOn(Authentication, 'createAuthLookupKey');
    const opened = await hedgehog.login('ada@example.com', PASSWORD, { lookupKey });
    expect(opened.address).toBe(wallet.address);
    // A browser that has not met the account looks for a strengthened record first.
    expect(backend.calls.getFn).toHaveLength(2);
    expect(backend.calls.getFn[1]).toBe(lookupKey);
    expect(derive).not.toHaveBeenCalled();
  });

  it('ignores anything that is not a lookup key and derives it itself', async () => {
    const { wallet, hedgehog } = await signedUp();
    for (const lookupKey of ['', 'zz', 'A'.repeat(64), `${'a'.repeat(64)}\n`]) {
      const opened = await hedgehog.login('ada@example.com', PASSWORD, { lookupKey });
      expect(opened.address).toBe(wallet.address);
    }
  });

  it('a key derived from a wrong password finds nothing: not found, as without it', async () => {
    const { hedgehog } = await signedUp();
    const lookupKey = await loginLookupKey('ada@example.com', 'not-the-password');
    await expect(
      hedgehog.login('ada@example.com', 'not-the-password', { lookupKey }),
    ).rejects.toBeInstanceOf(AccountNotFoundError);
  });
});

// A sign-up can take its lookup key from a caller deriving it on another thread (the popup does,
// while the worker derives the encryption key): a sign-up then costs one derivation's time.
describe('sign-up with a lookup key derived by the caller', () => {
  const make = (backend: ReturnType<typeof createMemoryBackend>) =>
    new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
    });

  it('signUpLookupKey is the key sign-up stores the record under (username trimmed, NFC; case does not matter)', async () => {
    const backend = createMemoryBackend();
    const wallet = await make(backend).signUp('  Ada@Example.com ', PASSWORD);
    const lookupKey = await signUpLookupKey('  ADA@example.com ', PASSWORD);
    expect(backend.records.get(lookupKey)).toBeDefined();
    expect((await make(backend).login('ada@example.com', PASSWORD)).address).toBe(wallet.address);
  });

  it('stores the record under the given key, without deriving it again', async () => {
    const backend = createMemoryBackend();
    const lookupKey = await signUpLookupKey('ada@example.com', PASSWORD);
    const derive = vi.spyOn(Authentication, 'createAuthLookupKey');
    const wallet = await make(backend).signUp('ada@example.com', PASSWORD, {
      lookupKey: Promise.resolve(lookupKey),
    });
    expect(derive).not.toHaveBeenCalled();
    expect([...backend.records.keys()]).toEqual([lookupKey]);
    expect((await make(backend).login('ada@example.com', PASSWORD)).address).toBe(wallet.address);
  });

  it('derives the key itself when the caller has none, offers something else, or is late', async () => {
    const expected = await signUpLookupKey('ada@example.com', PASSWORD);
    for (const given of [
      () => Promise.resolve(null),
      () => Promise.resolve('not a key'),
      () => Promise.reject(new Error('the popup closed')),
      () => new Promise<string | null>(() => undefined),
    ]) {
      const backend = createMemoryBackend();
      await make(backend).signUp('ada@example.com', PASSWORD, { lookupKey: given() });
      expect([...backend.records.keys()]).toEqual([expected]);
    }
  });
});
