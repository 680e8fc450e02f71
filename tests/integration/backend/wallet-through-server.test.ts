// The wallet core signing up, logging in and changing passwords through the real backend, on
// each engine, with the default (strict) rate limit a production deployment gets, but for twice
// its lookups per address: the five tests make about 14 lookups within one window from one
// address, as a wrong password from a new browser looks up each login form and then the
// strengthened format (docs/wallet-core.md).
import { type GetFn as AudiusGetFn, Hedgehog as AudiusHedgehog } from '@audius/hedgehog';
import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import { AccountNotFoundError, createMemoryStore, Hedgehog } from '@encore-wallet/core';
import { DEFAULT_RATE_LIMIT, type RunningServer, startServer } from '@encore-wallet/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../support/backend/engines.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a whole new passphrase 42';

describe.each(ENGINES.map((make) => make()))('wallet core through the $name backend', (engine) => {
  let server: RunningServer;
  let databaseUrl: string;
  let backend: BackendFns;

  /** A fresh "browser": its own Hedgehog and local storage, sharing only the backend. */
  const browser = (): Hedgehog =>
    new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
    });

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    server = await startServer({
      databaseUrl,
      rateLimit: { perAddress: 2 * DEFAULT_RATE_LIMIT.perAddress },
    });
    backend = createBackendFns({ baseUrl: server.url });
  });
  afterAll(async () => {
    await server?.close();
    await engine.stop();
  });

  it('signs up, then logs in from another browser to the same wallet', async () => {
    const created = await browser().signUp('Maya', PASSWORD);
    const dump = await engine.dump(databaseUrl);
    expect(dump.users).toEqual([
      { username_key: 'maya', username: 'Maya', wallet_address: created.address.toLowerCase() },
    ]);
    expect(dump.auth).toHaveLength(1);
    // The server holds ciphertext only: neither the password nor the entropy appears in it.
    expect(JSON.stringify(dump)).not.toContain(PASSWORD);

    const elsewhere = browser();
    const loggedIn = await elsewhere.login('maya', PASSWORD);
    expect(loggedIn.address).toBe(created.address);
    expect(elsewhere.isLoggedIn()).toBe(true);
  });

  it('a taken username leaves no record behind that logs in', async () => {
    const before = await engine.dump(databaseUrl);
    const squatter = browser();
    await expect(squatter.signUp('MAYA', 'someone else entirely 7')).rejects.toMatchObject({
      status: 409,
    });
    expect(squatter.isLoggedIn()).toBe(false);
    expect(await engine.dump(databaseUrl)).toEqual(before);
    await expect(browser().login('maya', 'someone else entirely 7')).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });

  it('refuses a wrong password as an unknown account', async () => {
    await expect(browser().login('Maya', 'not the password at all')).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
  });

  it('changes the password: the old one stops working, the new one opens the same wallet', async () => {
    const session = browser();
    const before = await session.login('Maya', PASSWORD);
    await session.changePassword('Maya', PASSWORD, NEW_PASSWORD);
    expect((await engine.dump(databaseUrl)).auth).toHaveLength(1);
    await expect(browser().login('Maya', PASSWORD)).rejects.toBeInstanceOf(AccountNotFoundError);
    expect((await browser().login('Maya', NEW_PASSWORD)).address).toBe(before.address);
  });

  it('lets an account made by the real @audius/hedgehog log in with Encore', async () => {
    const entropyStore = new Map<string, string>();
    const localStorage = {
      getItem: (key: string): string | null => entropyStore.get(key) ?? null,
      setItem: (key: string, value: string): void => void entropyStore.set(key, value),
      removeItem: (key: string): void => void entropyStore.delete(key),
    };
    const reference = new AudiusHedgehog(
      backend.getFn as unknown as AudiusGetFn,
      backend.setAuthFn,
      backend.setUserFn,
      false,
      localStorage,
    );
    const legacy = await reference.signUp('legacy@example.com', PASSWORD);
    const encore = await browser().login('legacy@example.com', PASSWORD);
    expect(encore.address.toLowerCase()).toBe(legacy.getAddressString().toLowerCase());
  });
});
