// A strengthen interrupted between its new record and the old one's removal: a backend that
// stores three strings without replacing atomically writes the strengthened record, then the
// process dies before the Hedgehog record is deleted. The account must still open, and only
// under its one password — also after a later password change, which is where a forgotten
// leftover would keep the old password working.
import { describe, expect, it } from 'vitest';
import { fixtures, type Vector } from '../../../tests/support/hedgehog-vectors.ts';
import {
  AccountNotFoundError,
  Authentication,
  BackendError,
  createMemoryStore,
  Hedgehog,
  StrongRecord,
} from '../src/index.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const NEW_PASSWORD = 'marimba-lantern-2031';
const v = fixtures.vectors[0] as Vector;

/**
 * The vector's Hedgehog account on a backend whose next replacement stores the new record and
 * never gets to delete the old one, nor to answer (the process died in between).
 */
function interruptedBackend(): MemoryBackend {
  const backend = createMemoryBackend();
  backend.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
  backend.users.set(v.username.toLowerCase(), v.address);
  const setAuthFn = backend.setAuthFn;
  let crashed = false;
  backend.setAuthFn = async (r) => {
    if (!crashed && r.oldLookupKey) {
      crashed = true;
      backend.calls.setAuthFn.push(r);
      backend.records.set(r.lookupKey, { iv: r.iv, cipherText: r.cipherText });
      return new Promise<never>(() => undefined);
    }
    // As Encore's server: a replacement whose new lookup key exists changes nothing (409).
    if (r.oldLookupKey && backend.records.has(r.lookupKey)) {
      backend.calls.setAuthFn.push(r);
      throw new BackendError(409, 'lookupKey: a record with this lookupKey already exists');
    }
    return setAuthFn(r);
  };
  return backend;
}

function browser(backend: MemoryBackend, storage = createMemoryStore()) {
  return {
    storage,
    hedgehog: new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage }),
  };
}

async function strongLookupKey(username: string, password: string): Promise<string> {
  return StrongRecord.lookupKey(await StrongRecord.deriveMaster(username, password));
}

/** Starts a strengthen that the backend interrupts; resolves once the new record is written. */
async function interruptStrengthen(backend: MemoryBackend): Promise<void> {
  const { hedgehog } = browser(backend);
  void hedgehog.strengthen(v.username, v.password);
  const strongKey = await strongLookupKey(v.username, v.password);
  while (!backend.records.has(strongKey)) await new Promise((r) => setTimeout(r, 20));
}

describe('an interrupted strengthen', () => {
  it('leaves both records under the one password: the account opens, from any browser', async () => {
    const backend = interruptedBackend();
    await interruptStrengthen(backend);
    expect(backend.records.size).toBe(2);
    expect((await browser(backend).hedgehog.login(v.username, v.password)).address).toBe(
      v.checksumAddress,
    );
    await expect(browser(backend).hedgehog.login(v.username, NEW_PASSWORD)).rejects.toThrow(
      AccountNotFoundError,
    );
  });

  it('a password change afterwards leaves only the new password opening the account', async () => {
    const backend = interruptedBackend();
    await interruptStrengthen(backend);
    // A new browser finds the Hedgehog record first and changes the password from there.
    const { hedgehog } = browser(backend);
    await hedgehog.login(v.username, v.password);
    await hedgehog.changePassword(v.username, v.password, NEW_PASSWORD);

    expect(backend.records.has(v.lookupKey)).toBe(false);
    expect(backend.records.has(await strongLookupKey(v.username, v.password))).toBe(false);
    await expect(browser(backend).hedgehog.login(v.username, v.password)).rejects.toThrow(
      AccountNotFoundError,
    );
    expect((await browser(backend).hedgehog.login(v.username, NEW_PASSWORD)).address).toBe(
      v.checksumAddress,
    );
  });

  it('a password change from a browser that found the strengthened record removes the Hedgehog one', async () => {
    const backend = interruptedBackend();
    await interruptStrengthen(backend);
    const storage = createMemoryStore();
    // This browser remembers the account as strengthened: its login opens the strong record.
    await storage.set(
      'encore-strong-accounts',
      JSON.stringify([await sha256(v.username.toLowerCase())]),
    );
    const { hedgehog } = browser(backend, storage);
    await hedgehog.changePassword(v.username, v.password, NEW_PASSWORD);
    expect(backend.records.has(v.lookupKey)).toBe(false);
    await expect(browser(backend).hedgehog.login(v.username, v.password)).rejects.toThrow(
      AccountNotFoundError,
    );
  });

  it('strengthening again finishes it: the Hedgehog lookup key finds nothing after', async () => {
    const backend = interruptedBackend();
    await interruptStrengthen(backend);
    const { hedgehog } = browser(backend);
    expect(await hedgehog.strengthen(v.username, v.password)).toMatchObject({ strengthened: true });
    expect(backend.records.has(v.lookupKey)).toBe(false);
    expect(
      backend.records.get(await Authentication.createAuthLookupKey(v.username, v.password)),
    ).toBeUndefined();
    expect((await browser(backend).hedgehog.login(v.username, v.password)).address).toBe(
      v.checksumAddress,
    );
  });
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}
