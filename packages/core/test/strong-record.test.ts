// The strengthened record: its format written out (checked here against an independent
// implementation with node:crypto), records made by the real @audius/hedgehog still opening
// unchanged, a strengthen replacing the Hedgehog record, and every flow (login from a new and from
// a remembering browser, password change, recovery phrase, restore, logout, sign-up) on a
// strengthened account.
import { createDecipheriv, createHmac, scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { fixtures, type Vector } from '../../../tests/support/hedgehog-vectors.ts';
import {
  AccountNotFoundError,
  Authentication,
  createMemoryStore,
  ENTROPY_STORAGE_KEY,
  Hedgehog,
  type HedgehogOptions,
  StrongRecord,
} from '../src/index.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';
import { createReferenceHedgehog } from './support/reference-hedgehog.ts';

const NEW_PASSWORD = 'marimba-lantern-2031';

function backendWith(v: Vector): MemoryBackend {
  const backend = createMemoryBackend();
  backend.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
  backend.users.set(v.username.toLowerCase(), v.address);
  return backend;
}

function browser(backend: MemoryBackend, options: HedgehogOptions = {}) {
  const storage = options.storage ?? createMemoryStore();
  const hedgehog = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    ...options,
    storage,
  });
  return { storage, hedgehog };
}

/** The strong lookup key and master, computed from the written-out format with node:crypto. */
function independentStrong(username: string, password: string) {
  const master = scryptSync(
    Buffer.from(`${username.trim().normalize('NFC').toLowerCase()}:::${password.normalize('NFC')}`),
    Buffer.from('encore-strong-record-v1'),
    32,
    { N: 131072, r: 9, p: 1, maxmem: 512 * 1024 * 1024 },
  );
  const lookupKey = createHmac('sha256', master).update('encore-strong-lookup-key').digest('hex');
  return { master, lookupKey };
}

function independentOpen(master: Buffer, iv: string, cipherText: string): string {
  const key = createHmac('sha256', master).update(`encore-strong-key:::${iv}`).digest();
  const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'hex'));
  return Buffer.concat([
    decipher.update(Buffer.from(cipherText, 'hex')),
    decipher.final(),
  ]).toString('utf8');
}

describe('the strengthened record format', () => {
  it('is the format docs/wallet-core.md writes out (node:crypto agrees byte for byte)', async () => {
    const v = fixtures.vectors[0] as Vector;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    await hedgehog.strengthen(v.username, v.password);

    const { master, lookupKey } = independentStrong(v.username, v.password);
    const record = backend.records.get(lookupKey);
    expect(record).toBeDefined();
    if (!record) return;
    expect(record.iv).toMatch(/^[0-9a-f]{32}$/);
    expect(record.cipherText).toMatch(/^(?:[0-9a-f]{32})+$/);
    expect(independentOpen(master, record.iv, record.cipherText)).toBe(
      `encore-strong-entropy:::${v.entropy}`,
    );
    // The core's own primitives give the same bytes.
    const ours = await StrongRecord.deriveMaster(v.username, v.password);
    expect(Buffer.from(ours).equals(master)).toBe(true);
    expect(await StrongRecord.lookupKey(ours)).toBe(lookupKey);
  });

  it('round-trips: sealed entropy opens under the same master and iv, and no other', async () => {
    const master = await StrongRecord.deriveMaster('round.trip@example.io', 'a-password-here');
    const other = await StrongRecord.deriveMaster('round.trip@example.io', 'a-password-herf');
    const iv = Authentication.createIv();
    const entropy = '0123456789abcdef0123456789abcdef';
    const cipherText = await StrongRecord.encryptEntropy(
      entropy,
      await StrongRecord.key(master, iv),
      iv,
    );
    expect(
      await StrongRecord.decryptEntropy(cipherText, await StrongRecord.key(master, iv), iv),
    ).toBe(entropy);
    await expect(
      StrongRecord.decryptEntropy(cipherText, await StrongRecord.key(other, iv), iv),
    ).rejects.toMatchObject({ code: 'DECRYPTION_FAILED' });
    // A Hedgehog key for the same iv does not open it either (the plaintext prefix differs).
    const hedgehogKey = await Authentication.createKey('a-password-here', iv);
    await expect(Authentication.decryptEntropy(cipherText, hedgehogKey, iv)).rejects.toMatchObject({
      code: 'DECRYPTION_FAILED',
    });
  });
});

describe('Hedgehog records (made by @audius/hedgehog 2.1.0)', () => {
  it.each(fixtures.vectors)('$name: opens unchanged, from a new browser', async (v) => {
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    const wallet = await hedgehog.login(v.username, v.password);
    expect(wallet.address).toBe(v.checksumAddress);
    expect(backend.calls.setAuthFn).toEqual([]);
    expect(backend.records.get(v.lookupKey)).toEqual({ iv: v.iv, cipherText: v.cipherText });
    expect(await hedgehog.rememberedFormat(v.username)).toBe('hedgehog');
  });
});

describe('strengthen', () => {
  it.each(fixtures.vectors)(
    '$name: replaces the Hedgehog record in one write; the Hedgehog lookup key finds nothing after',
    async (v) => {
      const backend = backendWith(v);
      const { hedgehog } = browser(backend);
      await hedgehog.login(v.username, v.password);
      expect(await hedgehog.strengthen(v.username, v.password)).toEqual({
        strengthened: true,
        alreadyStrong: false,
      });
      expect(backend.calls.setAuthFn).toHaveLength(1);
      expect(backend.calls.setAuthFn[0]?.oldLookupKey).toBe(v.lookupKey);
      expect(backend.records.has(v.lookupKey)).toBe(false);
      expect(backend.records.size).toBe(1);

      // A new browser, the same username and password: the same wallet.
      const elsewhere = browser(backend).hedgehog;
      expect((await elsewhere.login(v.username, v.password)).address).toBe(v.checksumAddress);
      expect(await elsewhere.rememberedFormat(v.username)).toBe('strong');
      // The real library cannot open it.
      await expect(
        createReferenceHedgehog(backend).hedgehog.login(v.username, v.password),
      ).rejects.toThrow();
    },
  );

  it('a browser that has seen the account goes straight to the strong lookup', async () => {
    const v = fixtures.vectors[0] as Vector;
    const backend = backendWith(v);
    const { hedgehog, storage } = browser(backend);
    await hedgehog.strengthen(v.username, v.password);
    await hedgehog.logout();
    backend.calls.getFn.length = 0;
    const again = browser(backend, { storage }).hedgehog;
    expect((await again.login(v.username, v.password)).address).toBe(v.checksumAddress);
    expect(backend.calls.getFn).toEqual([independentStrong(v.username, v.password).lookupKey]);
    // Nothing of the password is remembered: only a salted digest of the username.
    const remembered = await storage.get('encore-strong-accounts');
    expect(remembered).toMatch(/^\{"salt":"[0-9a-f]{64}","accounts":\["[0-9a-f]{64}"\]\}$/);
    expect(remembered).not.toContain(v.password);
  });

  it('a browser that knows a Hedgehog-format account derives nothing strong beside its login, and follows it once strengthened elsewhere', async () => {
    const v = fixtures.vectors[1] as Vector;
    const backend = backendWith(v);
    const { storage, hedgehog } = browser(backend);
    await hedgehog.login(v.username, v.password);
    expect(await hedgehog.rememberedFormat(v.username)).toBe('hedgehog');
    const derive = vi.spyOn(StrongRecord, 'deriveMaster');
    try {
      // A new browser derives it beside the Hedgehog lookup (Node's thread pool)...
      await browser(backend).hedgehog.login(v.username, v.password);
      expect(derive).toHaveBeenCalledTimes(1);
      derive.mockClear();
      // ...one that knows the account does not.
      await browser(backend, { storage }).hedgehog.login(v.username, v.password);
      expect(derive).not.toHaveBeenCalled();
      await browser(backend).hedgehog.strengthen(v.username, v.password);
      const again = browser(backend, { storage }).hedgehog;
      expect((await again.login(v.username, v.password)).address).toBe(v.checksumAddress);
      expect(await again.rememberedFormat(v.username)).toBe('strong');
    } finally {
      derive.mockRestore();
    }
  });

  it('a remembered "strengthened" that is wrong (stale, or planted in storage) never sends the Hedgehog lookup key', async () => {
    const v = fixtures.vectors[2] as Vector;
    const backend = backendWith(v);
    const storage = createMemoryStore();
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(v.username.trim().toLowerCase()),
    );
    await storage.set(
      'encore-strong-accounts',
      JSON.stringify([Buffer.from(digest).toString('hex')]),
    );
    // Said strengthened, is Hedgehog's: the strong lookup finds nothing, and that is the answer
    // (a backend that hides a strengthened record must not get the Hedgehog key instead).
    const { hedgehog } = browser(backend, { storage });
    await expect(hedgehog.login(v.username, v.password)).rejects.toThrow(AccountNotFoundError);
    expect(backend.calls.getFn).toEqual([independentStrong(v.username, v.password).lookupKey]);
    expect(await hedgehog.rememberedFormat(v.username)).toBe('strong');
  });

  it('wrong passwords and unknown users are the same AccountNotFoundError', async () => {
    const v = fixtures.vectors[0] as Vector;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    await hedgehog.strengthen(v.username, v.password);
    await expect(browser(backend).hedgehog.login(v.username, `${v.password}x`)).rejects.toThrow(
      AccountNotFoundError,
    );
    await expect(hedgehog.login(v.username, `${v.password}x`)).rejects.toThrow(
      AccountNotFoundError,
    );
    await expect(hedgehog.strengthen(v.username, `${v.password}x`)).rejects.toThrow(
      AccountNotFoundError,
    );
  });

  it('on a strengthened account is answered alreadyStrong and writes nothing', async () => {
    const v = fixtures.vectors[1] as Vector;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend);
    await hedgehog.strengthen(v.username, v.password);
    const writes = backend.calls.setAuthFn.length;
    expect(await browser(backend).hedgehog.strengthen(v.username, v.password)).toEqual({
      strengthened: true,
      alreadyStrong: true,
    });
    expect(backend.calls.setAuthFn).toHaveLength(writes);
  });
});

describe('a strengthened account', () => {
  async function strengthened(v: Vector) {
    const backend = backendWith(v);
    const first = browser(backend);
    await first.hedgehog.login(v.username, v.password);
    await first.hedgehog.strengthen(v.username, v.password);
    return { backend, ...first };
  }

  it('changes its password and stays strengthened; the old password opens nothing', async () => {
    const v = fixtures.vectors[0] as Vector;
    const { backend, hedgehog } = await strengthened(v);
    await hedgehog.changePassword(v.username, v.password, NEW_PASSWORD);
    expect(backend.records.size).toBe(1);
    expect(backend.records.has(independentStrong(v.username, NEW_PASSWORD).lookupKey)).toBe(true);
    expect((await browser(backend).hedgehog.login(v.username, NEW_PASSWORD)).address).toBe(
      v.checksumAddress,
    );
    await expect(browser(backend).hedgehog.login(v.username, v.password)).rejects.toThrow(
      AccountNotFoundError,
    );
  });

  it('reveals its recovery phrase after the password, and not after a wrong one', async () => {
    const v = fixtures.vectors[0] as Vector;
    const { backend } = await strengthened(v);
    const { hedgehog } = browser(backend);
    await hedgehog.login(v.username, v.password);
    expect((await hedgehog.confirmPassword(v.username, v.password)).mnemonic?.phrase).toBe(
      v.mnemonic,
    );
    await expect(hedgehog.confirmPassword(v.username, 'not-the-password')).rejects.toThrow(
      AccountNotFoundError,
    );
  });

  it('logs out and in again', async () => {
    const v = fixtures.vectors[2] as Vector;
    const { hedgehog, storage } = await strengthened(v);
    await hedgehog.logout();
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBeNull();
    expect(hedgehog.isLoggedIn()).toBe(false);
    expect((await hedgehog.login(v.username, v.password)).address).toBe(v.checksumAddress);
  });

  it('restores from its phrase as a strengthened record in a browser that knows it', async () => {
    const v = fixtures.vectors[0] as Vector;
    const { backend, storage } = await strengthened(v);
    const { hedgehog } = browser(backend, { storage });
    await hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, v.mnemonic);
    expect(backend.records.has(independentStrong(v.username, NEW_PASSWORD).lookupKey)).toBe(true);
    expect(
      backend.records.has(await Authentication.createAuthLookupKey(v.username, NEW_PASSWORD)),
    ).toBe(false);
    expect((await browser(backend).hedgehog.login(v.username, NEW_PASSWORD)).address).toBe(
      v.checksumAddress,
    );
  });

  it('attack: restores as a strengthened record where the strong hint was removed or changed', async () => {
    const v = fixtures.vectors[2] as Vector;
    const { backend, storage } = await strengthened(v);
    // The store refuses the strong list, as the extension's sealed storage does with one a content
    // script removed, changed or put back.
    const refusing = {
      ...storage,
      get: (key: string) =>
        key === 'encore-strong-accounts'
          ? Promise.reject(new Error('does not open'))
          : storage.get(key),
    };
    const { hedgehog } = browser(backend, { storage: refusing });
    await hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, v.mnemonic);
    expect(backend.records.has(independentStrong(v.username, NEW_PASSWORD).lookupKey)).toBe(true);
    expect(
      backend.records.has(await Authentication.createAuthLookupKey(v.username, NEW_PASSWORD)),
    ).toBe(false);
  });

  it("restores as a strengthened record directly where the integrator's option says so", async () => {
    const v = fixtures.vectors[1] as Vector;
    const backend = backendWith(v);
    const { hedgehog } = browser(backend, { newRecords: 'strong' });
    await hedgehog.restoreFromMnemonic(v.username, NEW_PASSWORD, v.mnemonic);
    expect(backend.records.has(independentStrong(v.username, NEW_PASSWORD).lookupKey)).toBe(true);
    expect((await browser(backend).hedgehog.login(v.username, NEW_PASSWORD)).address).toBe(
      v.checksumAddress,
    );
  });
});

describe('sign-up', () => {
  it('makes a Hedgehog record by default (it opens in @audius/hedgehog)', async () => {
    const backend = createMemoryBackend();
    const wallet = await browser(backend).hedgehog.signUp(
      'Default.Format@Example.io',
      NEW_PASSWORD,
    );
    const reference = createReferenceHedgehog(backend);
    const theirs = await reference.hedgehog.login('default.format@example.io', NEW_PASSWORD);
    expect(theirs.getAddressString()).toBe(wallet.address.toLowerCase());
  });

  it("makes a strengthened record with newRecords: 'strong'", async () => {
    const backend = createMemoryBackend();
    const { hedgehog } = browser(backend, { newRecords: 'strong' });
    const wallet = await hedgehog.signUp('Strong.Start@Example.io', NEW_PASSWORD);
    expect([...backend.records.keys()]).toEqual([
      independentStrong('Strong.Start@Example.io', NEW_PASSWORD).lookupKey,
    ]);
    expect(await hedgehog.rememberedFormat('strong.start@example.io')).toBe('strong');
    const elsewhere = browser(backend).hedgehog;
    expect((await elsewhere.login('strong.start@example.io', NEW_PASSWORD)).address).toBe(
      wallet.address,
    );
  });
});
