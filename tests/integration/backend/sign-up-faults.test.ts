// Sign-up against a backend that fails between its two writes, through a fault-injecting proxy in
// front of the real server, on each engine. A sign-up is POST /users (the username claimed for
// the new address), then POST /authentication (the encrypted record); it reads GET
// /authentication only when one of them refuses or fails. The wallet core runs as the popup's worker runs it (@encore-wallet/core over
// @encore-wallet/backend-client); what the person reads is what the popup renders from the error that crosses the
// message boundary (describeError of its toJSON()). Each case proves: the message says what
// happened, a retry finishes with the same wallet, and the database ends with one user and one
// record that opens to it.

import { createBackendFns } from '@encore-wallet/backend-client';
import {
  AccountNotFoundError,
  BackendError,
  createMemoryStore,
  Hedgehog,
  type KeyValueStore,
} from '@encore-wallet/core';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../../lib/extension/ui/describe-error.ts';
import { ENGINES } from '../../support/backend/engines.ts';
import {
  everything,
  type FaultProxy,
  type FaultRule,
  onRoute,
  startFaultProxy,
} from '../../support/fault-proxy.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';

const PASSWORD = 'violet tram plays 7 encores';
/** Short, so a held request outlasts it quickly; the extension's own is 10 s. */
const TIMEOUT_MS = 1_000;

/** The sentence the popup shows for a failed sign-up. */
function shown(error: unknown): string {
  expect(error).toBeInstanceOf(BackendError);
  return describeError((error as BackendError).toJSON());
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected the sign-up to fail, it gave ${String(value)}`);
    },
    (error: unknown) => error,
  );
}

/** Fails everything once POST /users has gone through: the backend went down after the claim. */
function downAfterTheClaim(): FaultRule {
  let claimed = false;
  return (r) => {
    if (claimed) return { kind: 'drop' };
    if (r.method === 'POST' && r.path === '/users') claimed = true;
    return undefined;
  };
}

describe.each(ENGINES.map((make) => make()))('sign-up with a failing $name backend', (engine) => {
  let server: RunningServer;
  let proxy: FaultProxy;
  let databaseUrl: string;

  beforeAll(() => engine.start());
  afterAll(() => engine.stop());
  afterEach(async () => {
    await proxy?.close();
    await server?.close();
  });

  /** A deployment of its own per case: a fresh database, the server, the proxy in front. */
  async function deploy(): Promise<void> {
    databaseUrl = await engine.freshDatabaseUrl();
    // Retries from one address: the limiter has suites of its own.
    server = await startServer({ databaseUrl, rateLimit: NO_RATE_LIMIT });
    proxy = await startFaultProxy(server.url);
  }

  /** The worker's wallet core over `storage` (a restarted worker: a new one over the same). */
  function worker(storage: KeyValueStore = createMemoryStore()): Hedgehog {
    const backend = createBackendFns({ baseUrl: proxy.url, timeoutMs: TIMEOUT_MS });
    return new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
  }

  /** Another browser logging in, straight to the server. */
  async function loginElsewhere(username: string, password = PASSWORD): Promise<string> {
    const backend = createBackendFns({ baseUrl: server.url });
    const browser = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
    });
    return (await browser.login(username, password)).address;
  }

  /** The database holds exactly one user, with `address`, and one record. */
  async function expectOneAccount(username: string, address: string): Promise<void> {
    const dump = await engine.dump(databaseUrl);
    expect(dump.users).toEqual([
      {
        username_key: username.toLowerCase(),
        username,
        wallet_address: address.toLowerCase(),
      },
    ]);
    expect(dump.auth).toHaveLength(1);
  }

  it('backend down: "cannot be reached", nothing stored; a retry once it is back completes', async () => {
    await deploy();
    proxy.setRule(everything({ kind: 'drop' }));
    const wallet = worker();
    const error = await failure(wallet.signUp('Ada', PASSWORD));
    expect(shown(error)).toMatch(/^The wallet backend cannot be reached\./);
    expect(wallet.isLoggedIn()).toBe(false);
    expect(await engine.dump(databaseUrl)).toEqual({ auth: [], users: [] });

    proxy.setRule(null);
    const created = await wallet.signUp('Ada', PASSWORD);
    await expectOneAccount('Ada', created.address);
    expect(await loginElsewhere('ada')).toBe(created.address);
  });

  it('down between the claim and the record: the name waits for the same wallet, across a worker restart', async () => {
    await deploy();
    const storage = createMemoryStore();
    proxy.setRule(downAfterTheClaim());
    const error = await failure(worker(storage).signUp('Bea', PASSWORD));
    expect(shown(error)).toMatch(/^The wallet backend cannot be reached\./);
    // The claim landed; no record yet, so nothing logs in.
    const claimed = (await engine.dump(databaseUrl)).users[0]?.wallet_address;
    expect(claimed).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await engine.dump(databaseUrl)).auth).toEqual([]);
    await expect(loginElsewhere('Bea')).rejects.toBeInstanceOf(AccountNotFoundError);

    // The worker stopped meanwhile: a new wallet core over the same extension storage.
    proxy.setRule(null);
    const created = await worker(storage).signUp('Bea', PASSWORD);
    expect(created.address.toLowerCase()).toBe(claimed);
    await expectOneAccount('Bea', created.address);
    expect(await loginElsewhere('bea')).toBe(created.address);
  });

  it('a 503 from the load balancer says "had a problem"; a retry claims the name once', async () => {
    await deploy();
    proxy.setRule(onRoute('POST /users', { kind: 'answer', status: 503 }));
    const wallet = worker();
    const error = await failure(wallet.signUp('Cleo', PASSWORD));
    expect((error as BackendError).status).toBe(503);
    expect(shown(error)).toBe('The wallet backend had a problem. Try again in a moment.');
    expect(await engine.dump(databaseUrl)).toEqual({ auth: [], users: [] });

    proxy.setRule(null);
    const created = await wallet.signUp('Cleo', PASSWORD);
    await expectOneAccount('Cleo', created.address);
    const claims = proxy.log.filter((e) => e.path === '/users' && e.serverStatus !== null);
    expect(claims).toHaveLength(1);
  });

  it('a 502 after the claim landed: the retry finds the name already its own', async () => {
    await deploy();
    const storage = createMemoryStore();
    proxy.setRule(onRoute('POST /users', { kind: 'lose-answer', status: 502 }));
    const error = await failure(worker(storage).signUp('Dora', PASSWORD));
    expect(shown(error)).toBe('The wallet backend had a problem. Try again in a moment.');
    const claimed = (await engine.dump(databaseUrl)).users[0]?.wallet_address;
    expect(claimed).toMatch(/^0x[0-9a-f]{40}$/);

    proxy.setRule(null);
    const created = await worker(storage).signUp('Dora', PASSWORD);
    expect(created.address.toLowerCase()).toBe(claimed);
    await expectOneAccount('Dora', created.address);
  });

  it('a 502 after the record landed: the sign-up sees its own record and finishes at once', async () => {
    await deploy();
    proxy.setRule(onRoute('POST /authentication', { kind: 'lose-answer', status: 502 }));
    const created = await worker().signUp('Edie', PASSWORD);
    await expectOneAccount('Edie', created.address);
    expect(await loginElsewhere('Edie')).toBe(created.address);
  });

  it('very slow between the claim and the record: "did not answer in time", then the same wallet', async () => {
    await deploy();
    const wallet = worker();
    // The record's write is held past the client's deadline and reaches the server late.
    let held = false;
    proxy.setRule((r) => {
      if (held || r.method !== 'POST' || r.path !== '/authentication') return undefined;
      held = true;
      return { kind: 'delay-request', ms: TIMEOUT_MS * 3 };
    });
    const error = await failure(wallet.signUp('Fay', PASSWORD));
    expect(shown(error)).toBe('The wallet backend did not answer in time. Try again in a moment.');
    const claimed = (await engine.dump(databaseUrl)).users[0]?.wallet_address;

    // Retried at once by the same worker, while the first write is still on its way.
    const created = await wallet.signUp('Fay', PASSWORD);
    expect(created.address.toLowerCase()).toBe(claimed);
    await proxy.settled();
    // The late write arrived after the retry's and was refused as a duplicate: one record.
    const writes = proxy.log.filter((e) => e.method === 'POST' && e.path === '/authentication');
    expect(writes.map((e) => e.serverStatus).sort()).toEqual([200, 409]);
    await expectOneAccount('Fay', created.address);
    expect(await loginElsewhere('fay')).toBe(created.address);
  });

  it('a half-finished sign-up survives other attempts and a worker restart', async () => {
    await deploy();
    const storage = createMemoryStore();
    proxy.setRule(downAfterTheClaim());
    await failure(worker(storage).signUp('Gus', PASSWORD));
    const claimed = (await engine.dump(databaseUrl)).users[0]?.wallet_address;

    // Back up. The person, unsure, tries another password: the name is taken (by their own
    // unfinished wallet). Then another name, while the backend fails again before its claim.
    proxy.setRule(null);
    const taken = await failure(worker(storage).signUp('Gus', `${PASSWORD} maybe`));
    expect(shown(taken)).toBe('That username is taken. Choose another one, or log in.');
    proxy.setRule(onRoute('POST /users', { kind: 'answer', status: 503 }));
    await failure(worker(storage).signUp('Gus2', PASSWORD));
    proxy.setRule(null);

    // The worker restarts; the first password finishes the first wallet.
    const created = await worker(storage).signUp('Gus', PASSWORD);
    expect(created.address.toLowerCase()).toBe(claimed);
    expect(await loginElsewhere('gus')).toBe(created.address);
    await expectOneAccount('Gus', created.address);
  });
});
