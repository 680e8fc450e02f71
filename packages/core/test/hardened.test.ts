// The hardened record, end to end against a real key holder in this process: sign-up, login from
// this and a fresh browser, strengthen of a weaker record into a hardened one, password change,
// restore. The record's keys need the key holder's output, so its lookup key is neither of the
// weaker formats', and the key holder is told (marked) once the record is stored.
import { hexToBytes } from '@encore-wallet/utils/encoding';
import { ristretto255_oprf } from 'noble-curves-2/ed25519.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hardenedFormat, hardenedInput, hardenedKeys } from '../src/formats/hardened-format.ts';
import {
  AccountNotFoundError,
  Authentication,
  type AuthRecord,
  createMemoryStore,
  DecryptionFailedError,
  Hedgehog,
  type HedgehogOptions,
  StrongRecord,
  strongCredentials,
} from '../src/index.ts';
import { keyHolderAccountId, keyHolderAccountIdHex } from '../src/key-holder/index.ts';
import { startTestKeyHolder, type TestKeyHolder } from './support/key-holder.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const USERNAME = 'Wren.Hardened@example.io';
const PASSWORD = 'quartz-lagoon-meridian-27';
const NEW_PASSWORD = 'amber-thicket-solstice-64';

let keyHolder: TestKeyHolder;
let backend: MemoryBackend;

beforeEach(async () => {
  keyHolder = await startTestKeyHolder();
  backend = createMemoryBackend();
});
afterEach(async () => {
  await keyHolder.close();
});

function browser(options: HedgehogOptions = {}): Hedgehog {
  return new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
    replacesAtomically: true,
    keyHolder: keyHolder.config(),
    ...options,
  });
}

async function weakerKeys(username: string, password: string): Promise<string[]> {
  const strong = strongCredentials(username, password);
  const master = await StrongRecord.deriveMaster(strong.username, strong.password);
  return [
    await Authentication.createAuthLookupKey(username.trim(), password),
    await StrongRecord.lookupKey(master),
  ];
}

const marks = () => keyHolder.requests.filter((r) => r.path === '/hardened');

describe('a hardened account', () => {
  it('signs up hardened, is marked once stored, and logs in here and from a fresh browser', async () => {
    const here = browser();
    const wallet = await here.signUp(USERNAME, PASSWORD);
    expect(backend.records.size).toBe(1);
    const [lookupKey] = [...backend.records.keys()];
    expect(await weakerKeys(USERNAME, PASSWORD)).not.toContain(lookupKey);
    expect(marks()).toEqual([
      {
        path: '/hardened',
        body: { keyId: 'k1', account: await keyHolderAccountIdHex(USERNAME) },
      },
    ]);
    expect(await here.knownFormat(USERNAME)).toBe('hardened');
    expect((await here.login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    const fresh = browser();
    expect((await fresh.login(` ${USERNAME.toUpperCase()} `, PASSWORD)).address).toBe(
      wallet.address,
    );
    await expect(browser().login(USERNAME, 'not-the-password-9')).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });

  it('cannot be opened without the key holder: the record alone is not a strengthened one', async () => {
    await browser().signUp(USERNAME, PASSWORD);
    const without = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
    });
    await expect(without.login(USERNAME, PASSWORD)).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it("is not opened by the right password and the strong derivation without the key holder's key; with it, one strong derivation opens it", async () => {
    await browser().signUp(USERNAME, PASSWORD);
    const [[lookupKey, record]] = [...backend.records.entries()] as [[string, AuthRecord]];
    const credentials = strongCredentials(USERNAME, PASSWORD);
    const master = await StrongRecord.deriveMaster(credentials.username, credentials.password);
    const input = await hardenedInput(credentials);
    const poprf = ristretto255_oprf.poprf(await keyHolderAccountId(USERNAME));
    // The thief's best: the right password, the strong derivation, a key of its own.
    const own = ristretto255_oprf.oprf.generateKeyPair().secretKey;
    const guessed = await hardenedKeys(master, poprf.evaluate(own, input), 'k1');
    expect(guessed.lookupKey).not.toBe(lookupKey);
    await expect(hardenedFormat(keyHolder.config()).open(guessed, record)).rejects.toBeInstanceOf(
      DecryptionFailedError,
    );
    // With the key holder's secret stolen as well: one strong derivation per guess, no less.
    const secret = hexToBytes(keyHolder.file.keys[0]?.secretKey ?? '');
    const stolen = await hardenedKeys(master, poprf.evaluate(secret, input), 'k1');
    expect(stolen.lookupKey).toBe(lookupKey);
  });

  it('keeps hardened through a password change and a restore', async () => {
    const wallet = await browser().signUp(USERNAME, PASSWORD);
    await browser().changePassword(USERNAME, PASSWORD, NEW_PASSWORD);
    expect(backend.records.size).toBe(1);
    expect((await browser().login(USERNAME, NEW_PASSWORD)).address).toBe(wallet.address);
    const phrase = wallet.mnemonic?.phrase ?? '';
    const restored = browser();
    await restored.restoreFromMnemonic(USERNAME, PASSWORD, phrase);
    expect(await restored.knownFormat(USERNAME)).toBe('hardened');
    expect((await browser().login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    const sent = [...backend.calls.getFn, ...backend.calls.setAuthFn.map((r) => r.lookupKey)];
    for (const key of [
      ...(await weakerKeys(USERNAME, PASSWORD)),
      ...(await weakerKeys(USERNAME, NEW_PASSWORD)),
    ]) {
      expect(sent).not.toContain(key);
    }
  });

  it('strengthen hardens a Hedgehog or strengthened record and removes the weaker one', async () => {
    for (const newRecords of ['hedgehog', 'strong'] as const) {
      backend = createMemoryBackend();
      const name = `${newRecords}-${USERNAME}`;
      const wallet = await browser({ keyHolder: undefined, newRecords }).signUp(name, PASSWORD);
      const weaker = [...backend.records.keys()];
      const here = browser();
      expect(await here.strengthen(name, PASSWORD)).toEqual({
        strengthened: true,
        alreadyStrong: false,
      });
      expect(backend.records.size).toBe(1);
      expect(backend.records.has(weaker[0] ?? '')).toBe(false);
      expect(await here.knownFormat(name)).toBe('hardened');
      expect(await browser().strengthen(name, PASSWORD)).toEqual({
        strengthened: true,
        alreadyStrong: true,
      });
      backend.calls.getFn.length = 0;
      expect((await browser().login(name, PASSWORD)).address).toBe(wallet.address);
      for (const key of await weakerKeys(name, PASSWORD)) {
        expect(backend.calls.getFn).not.toContain(key);
      }
    }
  });

  it('leaves a Hedgehog account as it is at login (it is hardened by strengthen only)', async () => {
    const wallet = await browser({ keyHolder: undefined }).signUp(USERNAME, PASSWORD);
    const here = browser();
    expect((await here.login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    expect(await here.knownFormat(USERNAME)).toBe('hedgehog');
    expect(marks()).toEqual([]);
  });
});
