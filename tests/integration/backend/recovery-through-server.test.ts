// The recovery phrase through the real backend, on each engine: a restore under a new password
// opens with the real @audius/hedgehog 2.1.0, a username of another wallet stores nothing, and a
// wrong password at the phrase's password check spends the same lookup budget a failed login does.
import { type GetFn as AudiusGetFn, Hedgehog as AudiusHedgehog } from '@audius/hedgehog';
import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import {
  AccountNotFoundError,
  BackendError,
  createMemoryStore,
  Hedgehog,
  UsernameTakenError,
} from '@encore-wallet/core';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../support/backend/engines.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a whole new passphrase 42';
// A day-long window: a test never straddles two windows, so counts are exact.
const WINDOW = 86_400;
const LOOKUPS_PER_ADDRESS = 6;

function referenceHedgehog(backend: BackendFns): AudiusHedgehog {
  const entropyStore = new Map<string, string>();
  const localStorage = {
    getItem: (key: string): string | null => entropyStore.get(key) ?? null,
    setItem: (key: string, value: string): void => void entropyStore.set(key, value),
    removeItem: (key: string): void => void entropyStore.delete(key),
  };
  // Its GetFn type does not admit "no record", but its code checks for one; ours returns null.
  return new AudiusHedgehog(
    backend.getFn as unknown as AudiusGetFn,
    backend.setAuthFn,
    backend.setUserFn,
    false,
    localStorage,
  );
}

describe.each(ENGINES.map((make) => make()))(
  'recovery phrase through the $name backend',
  (engine) => {
    let server: RunningServer;
    let limited: RunningServer;
    let databaseUrl: string;
    let backend: BackendFns;

    const browser = (fns: BackendFns = backend): Hedgehog =>
      new Hedgehog(fns.getFn, fns.setAuthFn, fns.setUserFn, { storage: createMemoryStore() });

    beforeAll(async () => {
      await engine.start();
      databaseUrl = await engine.freshDatabaseUrl();
      server = await startServer({ databaseUrl });
      backend = createBackendFns({ baseUrl: server.url });
      limited = await startServer({
        databaseUrl: await engine.freshDatabaseUrl(),
        rateLimit: { windowSeconds: WINDOW, perAddress: LOOKUPS_PER_ADDRESS, perLookupKey: 100 },
      });
    });
    afterAll(async () => {
      await Promise.all([server?.close(), limited?.close()]);
      await engine.stop();
    });

    it('restores under a new password; the real Hedgehog logs in to the same address', async () => {
      const original = browser();
      const created = await original.signUp('Noor', PASSWORD);
      const phrase = created.mnemonic?.phrase ?? '';
      expect(phrase.split(' ')).toHaveLength(12);

      const restored = await browser().restoreFromMnemonic('noor', NEW_PASSWORD, phrase);
      expect(restored.address).toBe(created.address);
      const dump = await engine.dump(databaseUrl);
      expect(dump.auth).toHaveLength(2);
      expect(dump.users).toEqual([
        { username_key: 'noor', username: 'Noor', wallet_address: created.address.toLowerCase() },
      ]);

      const theirs = await referenceHedgehog(backend).login('noor', NEW_PASSWORD);
      expect(theirs.getAddressString()).toBe(created.address.toLowerCase());
      expect(`0x${theirs.getPrivateKey().toString('hex')}`).toBe(created.privateKey);
      // Idempotent: the same restore again stores nothing and still opens.
      await browser().restoreFromMnemonic('Noor', NEW_PASSWORD, phrase);
      expect(await engine.dump(databaseUrl)).toEqual(dump);
    });

    it("refuses another wallet's phrase for a taken username and stores nothing", async () => {
      const other = await browser().signUp('Someone Else', 'someone else entirely 7');
      const before = await engine.dump(databaseUrl);
      const intruder = browser();
      await expect(
        intruder.restoreFromMnemonic(
          'Noor',
          'the intruder password 9',
          other.mnemonic?.phrase ?? '',
        ),
      ).rejects.toBeInstanceOf(UsernameTakenError);
      expect(intruder.isLoggedIn()).toBe(false);
      expect(await engine.dump(databaseUrl)).toEqual(before);
    });

    it('spends the lookup budget on every wrong password at the phrase check, as logins do', async () => {
      const fns = createBackendFns({ baseUrl: limited.url });
      const session = browser(fns);
      await session.signUp('Ines', PASSWORD); // no lookup: a sign-up only writes
      // Each wrong guess spends two lookups: the Hedgehog record's, then the strengthened one's.
      let spent = 0;
      for (; spent + 2 <= LOOKUPS_PER_ADDRESS; spent += 2) {
        await expect(
          session.confirmPassword('Ines', `wrong guess ${spent}`),
        ).rejects.toBeInstanceOf(AccountNotFoundError);
      }
      // The budget is gone: the next guess and the right password alike get a 429, and so does a
      // login from the same address: the check and logins share one budget.
      await expect(session.confirmPassword('Ines', 'another guess')).rejects.toMatchObject({
        status: 429,
      });
      await expect(session.confirmPassword('Ines', PASSWORD)).rejects.toBeInstanceOf(BackendError);
      await expect(browser(fns).login('Ines', PASSWORD)).rejects.toMatchObject({ status: 429 });
    });
  },
);
