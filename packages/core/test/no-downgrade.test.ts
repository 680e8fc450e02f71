// A strengthened account's Hedgehog lookup key is a password verifier at Hedgehog's cost: whoever
// sees it (the record backend, a proxy's access log, a rate limiter's table) can test guesses
// against it 4.5 times faster than against the strengthened record. These tests play a backend
// that records every lookup key it is sent, honest or not, and check that no flow sends it: from
// a fresh browser, from one that knows the account, and against a backend that answers 404 or
// lies about the record's format.
import { describe, expect, it } from 'vitest';
import {
  AccountNotFoundError,
  Authentication,
  createMemoryStore,
  DecryptionFailedError,
  Hedgehog,
  type HedgehogOptions,
  type KeyValueStore,
} from '../src/index.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const USERNAME = 'Lark.Strong@example.io';
const PASSWORD = 'violet-harbour-lantern-88';
const NEW_PASSWORD = 'copper-meadow-signal-41';

/** Every lookup key the backend was sent, in a GET or a write. */
function sentKeys(backend: MemoryBackend): string[] {
  return [
    ...backend.calls.getFn,
    ...backend.calls.setAuthFn.flatMap((r) => [r.lookupKey, r.oldLookupKey ?? '']),
  ].filter(Boolean);
}

async function hedgehogKeysOf(username: string, password: string): Promise<string[]> {
  // The forms a Hedgehog login tries for what a person types here (trimmed, NFC: one form).
  return [await Authentication.createAuthLookupKey(username.trim(), password)];
}

function browser(backend: MemoryBackend, options: HedgehogOptions = {}) {
  const storage: KeyValueStore = options.storage ?? createMemoryStore();
  return {
    storage,
    hedgehog: new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      replacesAtomically: true,
      ...options,
      storage,
    }),
  };
}

/** A strengthened account, made by a sign-up elsewhere; the backend's record of calls is cleared. */
async function strengthenedAccount(): Promise<{ backend: MemoryBackend; phrase: string }> {
  const backend = createMemoryBackend();
  const wallet = await browser(backend, { newRecords: 'strong' }).hedgehog.signUp(
    USERNAME,
    PASSWORD,
  );
  backend.calls.getFn.length = 0;
  backend.calls.setAuthFn.length = 0;
  return { backend, phrase: wallet.mnemonic?.phrase ?? '' };
}

describe("a strengthened account's Hedgehog lookup key", () => {
  it('is not sent by a fresh browser that logs in, confirms the password, changes it or strengthens', async () => {
    const { backend } = await strengthenedAccount();
    const { hedgehog } = browser(backend);
    await hedgehog.login(USERNAME, PASSWORD);
    await hedgehog.confirmPassword(USERNAME, PASSWORD);
    expect(await browser(backend).hedgehog.strengthen(USERNAME, PASSWORD)).toMatchObject({
      alreadyStrong: true,
    });
    await browser(backend).hedgehog.changePassword(USERNAME, PASSWORD, NEW_PASSWORD);
    const old = await hedgehogKeysOf(USERNAME, PASSWORD);
    const renewed = await hedgehogKeysOf(USERNAME, NEW_PASSWORD);
    expect(sentKeys(backend).filter((k) => old.includes(k) || renewed.includes(k))).toEqual([]);
    expect((await browser(backend).hedgehog.login(USERNAME, NEW_PASSWORD)).address).toBeTruthy();
    expect(sentKeys(backend).filter((k) => renewed.includes(k))).toEqual([]);
  });

  it('is not sent by a fresh browser that signs up again with the same credentials, or restores with them', async () => {
    const { backend, phrase } = await strengthenedAccount();
    // Hedgehog-format sign-ups (the default): the name's 409 makes it look for the account.
    const again = await browser(backend).hedgehog.signUp(USERNAME, PASSWORD);
    const restored = await browser(backend).hedgehog.restoreFromMnemonic(
      USERNAME,
      PASSWORD,
      phrase,
    );
    expect(restored.address).toBe(again.address);
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(sentKeys(backend).filter((k) => keys.includes(k))).toEqual([]);
    // Nothing weaker was written beside the strengthened record.
    expect(backend.records.size).toBe(1);
  });

  it('is not sent by a browser that knows the account, when the backend answers 404 to the strong lookup', async () => {
    const { backend } = await strengthenedAccount();
    const { storage } = browser(backend);
    await browser(backend, { storage }).hedgehog.login(USERNAME, PASSWORD);
    // The backend now hides the strengthened record (or lost it): 404 to every lookup.
    backend.records.clear();
    backend.calls.getFn.length = 0;
    await expect(browser(backend, { storage }).hedgehog.login(USERNAME, PASSWORD)).rejects.toThrow(
      AccountNotFoundError,
    );
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(backend.calls.getFn).toHaveLength(1);
    expect(backend.calls.getFn.filter((k) => keys.includes(k))).toEqual([]);
  });

  it('is not sent once this process met the account strengthened, whatever the stored hint says now', async () => {
    const { backend } = await strengthenedAccount();
    const { hedgehog, storage } = browser(backend);
    await hedgehog.login(USERNAME, PASSWORD);
    const records = new Map(backend.records);
    backend.records.clear();
    for (const hint of [
      null,
      JSON.stringify([await sha256(USERNAME.toLowerCase())]), // planted as a Hedgehog account
    ]) {
      await storage.remove('encore-strong-accounts');
      if (hint) await storage.set('encore-hedgehog-accounts', hint);
      await expect(hedgehog.confirmPassword(USERNAME, PASSWORD)).rejects.toThrow(
        AccountNotFoundError,
      );
    }
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(sentKeys(backend).filter((k) => keys.includes(k))).toEqual([]);
    for (const [key, record] of records) backend.records.set(key, record);
    expect(await hedgehog.confirmPassword(USERNAME, PASSWORD)).toBeTruthy();
  });

  it('is not sent when the backend answers the strong lookup with a record of another format', async () => {
    const { backend } = await strengthenedAccount();
    // The lie: under the strong lookup key, a Hedgehog-format record of the same wallet.
    const [strongKey] = [...backend.records.keys()];
    const hedgehogRecord = createMemoryBackend();
    await browser(hedgehogRecord).hedgehog.signUp('someone-else', PASSWORD);
    const [planted] = [...hedgehogRecord.records.values()];
    if (!strongKey || !planted) throw new Error('no records');
    backend.records.set(strongKey, planted);
    await expect(browser(backend).hedgehog.login(USERNAME, PASSWORD)).rejects.toThrow(
      DecryptionFailedError,
    );
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(sentKeys(backend).filter((k) => keys.includes(k))).toEqual([]);
  });

  it('a browser whose hint says strengthened for a Hedgehog-format account sends no Hedgehog key either: a restore opens it there', async () => {
    const backend = createMemoryBackend();
    const made = await browser(backend).hedgehog.signUp(USERNAME, PASSWORD);
    const storage = createMemoryStore();
    await storage.set(
      'encore-strong-accounts',
      JSON.stringify([await sha256(USERNAME.toLowerCase())]),
    );
    backend.calls.getFn.length = 0;
    const { hedgehog } = browser(backend, { storage });
    await expect(hedgehog.login(USERNAME, PASSWORD)).rejects.toThrow(AccountNotFoundError);
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(backend.calls.getFn.filter((k) => keys.includes(k))).toEqual([]);
    // The way back on this browser: the phrase, which makes the account strengthened.
    const restored = await hedgehog.restoreFromMnemonic(
      USERNAME,
      PASSWORD,
      made.mnemonic?.phrase ?? '',
    );
    expect(restored.address).toBe(made.address);
    expect(await hedgehog.rememberedFormat(USERNAME)).toBe('strong');
    expect((await hedgehog.login(USERNAME, PASSWORD)).address).toBe(made.address);
    expect(backend.calls.getFn.filter((k) => keys.includes(k))).toEqual([]);
  });

  it('a strong list lost here (it no longer opens) locks no one out: a Hedgehog-format account never met logs in, strong lookup first', async () => {
    const backend = createMemoryBackend();
    const made = await browser(backend).hedgehog.signUp(USERNAME, PASSWORD);
    const storage = createMemoryStore();
    await storage.set('encore-strong-accounts', '[not json');
    const { hedgehog } = browser(backend, { storage });
    // What a restore reads: the account may be strengthened, so it writes no weaker record.
    expect(await hedgehog.knownFormat(USERNAME)).toBe('strong');
    backend.calls.getFn.length = 0;
    expect((await hedgehog.login(USERNAME, PASSWORD)).address).toBe(made.address);
    const strongFirst = backend.calls.getFn[0];
    const keys = await hedgehogKeysOf(USERNAME, PASSWORD);
    expect(keys).not.toContain(strongFirst);
    expect(backend.calls.getFn.at(-1)).toBe(keys[0]);
  });
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}
