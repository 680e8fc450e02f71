// Once an account is hardened, no path sends its Hedgehog or strengthened lookup key: each is a
// password verifier (at Hedgehog's cost, or the strengthened one's) to whoever sees it. The key
// holder's mark, not the record backend, says which format an account has. These tests play a
// record backend that answers 404 for the hardened lookup or lies about the format, from a
// browser that has never met the username, one whose hints were removed, and one whose hints
// were planted, and a key holder that is down, limits guesses or forges its proof.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';
import {
  AccountNotFoundError,
  Authentication,
  type AuthRecord,
  createMemoryStore,
  Hedgehog,
  type HedgehogOptions,
  KeyHolderAnswerRefusedError,
  KeyHolderRateLimitedError,
  KeyHolderUnreachableError,
  type KeyValueStore,
  StrongRecord,
  strongCredentials,
} from '../src/index.ts';
import { rememberFormat } from '../src/internal/strong-accounts.ts';
import { startTestKeyHolder, type TestKeyHolder } from './support/key-holder.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const USERNAME = 'Ibis.Marked@example.io';
const PASSWORD = 'saffron-estuary-lodestar-53';

let keyHolder: TestKeyHolder;
/** The account's honest records, made once: a hardened sign-up. */
let honest: MemoryBackend;
let address = '';
let weaker: string[] = [];

beforeAll(async () => {
  keyHolder = await startTestKeyHolder();
  honest = createMemoryBackend();
  const wallet = await new Hedgehog(honest.getFn, honest.setAuthFn, honest.setUserFn, {
    storage: createMemoryStore(),
    keyHolder: keyHolder.config(),
  }).signUp(USERNAME, PASSWORD);
  address = wallet.address;
  const strong = strongCredentials(USERNAME, PASSWORD);
  weaker = [
    await Authentication.createAuthLookupKey(USERNAME, PASSWORD),
    await StrongRecord.lookupKey(await StrongRecord.deriveMaster(strong.username, strong.password)),
  ];
});
afterAll(async () => {
  await keyHolder.close();
});
beforeEach(() => {
  keyHolder.mode = 'honest';
});

/**
 * A record backend with the account's records that answers `lie(lookupKey)` instead where it
 * says so (undefined: the honest answer), and logs every lookup key it is sent.
 */
function lyingBackend(lie: (lookupKey: string) => AuthRecord | null | undefined): MemoryBackend {
  const backend = createMemoryBackend();
  for (const [key, record] of honest.records) backend.records.set(key, record);
  const honestGet = backend.getFn;
  backend.getFn = async (query) => {
    const answer = await honestGet(query);
    const lied = lie(query.lookupKey);
    return lied === undefined ? answer : lied;
  };
  return backend;
}

function browser(backend: MemoryBackend, options: HedgehogOptions = {}): Hedgehog {
  return new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
    keyHolder: keyHolder.config(),
    ...options,
  });
}

function sent(backend: MemoryBackend): string[] {
  return [
    ...backend.calls.getFn,
    ...backend.calls.setAuthFn.flatMap((r) => [r.lookupKey, r.oldLookupKey ?? '']),
  ].filter(Boolean);
}

const hardenedKey = (): string => [...honest.records.keys()][0] ?? '';
/** A record that opens nothing: what a backend lying about the format might hand back. */
const planted: AuthRecord = { iv: '00'.repeat(16), cipherText: '11'.repeat(32) };

async function hintsSaying(format: 'hedgehog' | 'strong'): Promise<KeyValueStore> {
  const store = createMemoryStore();
  await rememberFormat(store, strongCredentials(USERNAME, '').username.toLowerCase(), format);
  return store;
}

describe("a hardened account's weaker lookup keys", () => {
  it('are not sent by a fresh browser against a backend that answers 404 for the hardened lookup', async () => {
    const backend = lyingBackend((key) => (key === hardenedKey() ? null : undefined));
    const hedgehog = browser(backend);
    await expect(hedgehog.login(USERNAME, PASSWORD)).rejects.toBeInstanceOf(AccountNotFoundError);
    await expect(hedgehog.strengthen(USERNAME, PASSWORD)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    expect(backend.calls.getFn).toEqual([hardenedKey(), hardenedKey()]);
    expect(sent(backend).filter((k) => weaker.includes(k))).toEqual([]);
  });

  it('are not sent against a backend that lies about the format (404 hardened, a record for anything else)', async () => {
    const backend = lyingBackend((key) => (key === hardenedKey() ? null : planted));
    await expect(browser(backend).login(USERNAME, PASSWORD)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    expect(sent(backend).filter((k) => weaker.includes(k))).toEqual([]);
  });

  it('are not sent by a browser whose hints were planted (Hedgehog, strengthened) or removed', async () => {
    for (const formMemory of [
      await hintsSaying('hedgehog'),
      await hintsSaying('strong'),
      createMemoryStore(),
    ]) {
      const backend = lyingBackend((key) => (key === hardenedKey() ? null : undefined));
      const hedgehog = browser(backend, { formMemory });
      await expect(hedgehog.login(USERNAME, PASSWORD)).rejects.toBeInstanceOf(AccountNotFoundError);
      await expect(hedgehog.confirmPassword(USERNAME, PASSWORD)).rejects.toBeTruthy();
      expect(sent(backend).filter((k) => weaker.includes(k))).toEqual([]);
    }
  });

  it('are not sent when the key holder is down, limits guesses or forges its proof', async () => {
    const cases = [
      ['down', KeyHolderUnreachableError],
      ['rate-limited', KeyHolderRateLimitedError],
      ['bad-proof', KeyHolderAnswerRefusedError],
    ] as const;
    for (const [mode, errorClass] of cases) {
      keyHolder.mode = mode;
      const backend = lyingBackend(() => undefined);
      for (const formMemory of [createMemoryStore(), await hintsSaying('hedgehog')]) {
        const error = await browser(backend, { formMemory })
          .login(USERNAME, PASSWORD)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(errorClass);
        if (error instanceof KeyHolderRateLimitedError) expect(error.retryAfterSeconds).toBe(90);
      }
      expect(backend.calls.getFn).toEqual([]);
    }
  });

  it('open while the record stands, from a fresh browser with any hint', async () => {
    for (const formMemory of [await hintsSaying('hedgehog'), createMemoryStore()]) {
      const backend = lyingBackend(() => undefined);
      expect((await browser(backend, { formMemory }).login(USERNAME, PASSWORD)).address).toBe(
        address,
      );
      expect(backend.calls.getFn).toEqual([hardenedKey()]);
    }
  });
});

describe('with a key holder configured, weaker accounts', () => {
  it('still open (a Hedgehog fixture made by @audius/hedgehog), once the key holder says "not hardened"', async () => {
    const vector = fixtures.vectors[0];
    if (!vector) throw new Error('no vector');
    const backend = createMemoryBackend();
    backend.records.set(vector.lookupKey, { iv: vector.iv, cipherText: vector.cipherText });
    const hedgehog = browser(backend);
    expect((await hedgehog.login(vector.username, vector.password)).address.toLowerCase()).toBe(
      vector.address,
    );
    expect(await hedgehog.knownFormat(vector.username)).toBe('hedgehog');
  });

  it('are never opened without the key holder: down, their login is its typed error', async () => {
    const backend = createMemoryBackend();
    await browser(backend, { keyHolder: undefined }).signUp('weak.one', PASSWORD);
    backend.calls.getFn.length = 0;
    keyHolder.mode = 'down';
    await expect(browser(backend).login('weak.one', PASSWORD)).rejects.toBeInstanceOf(
      KeyHolderUnreachableError,
    );
    expect(backend.calls.getFn).toEqual([]);
  });
});

describe('a sign-up or strengthen whose key holder fails', () => {
  it('makes no record, weaker or not, and says why', async () => {
    for (const mode of ['down', 'rate-limited', 'bad-proof'] as const) {
      keyHolder.mode = mode;
      const backend = createMemoryBackend();
      await expect(browser(backend).signUp(`new.${mode}`, PASSWORD)).rejects.toMatchObject({
        code: expect.stringMatching(/^KEY_HOLDER_/),
      });
      expect(backend.calls.setAuthFn).toEqual([]);
      expect(backend.calls.setUserFn).toEqual([]);
    }
    keyHolder.mode = 'honest';
    const backend = createMemoryBackend();
    await browser(backend, { keyHolder: undefined }).signUp('weak.two', PASSWORD);
    const before = new Map(backend.records);
    keyHolder.mode = 'down';
    await expect(browser(backend).strengthen('weak.two', PASSWORD)).rejects.toBeInstanceOf(
      KeyHolderUnreachableError,
    );
    expect(backend.records).toEqual(before);
  });
});
